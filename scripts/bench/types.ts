export interface BenchFigure {
  name: string;
  value: number | string;
  unit?: string;
  /** Human-readable budget, e.g. '≤ 10 KB'; omitted for figures that are only reported. */
  budget?: string;
  ok?: boolean;
}

export interface BenchSection {
  title?: string;
  run(): Promise<BenchFigure[]>;
}
