// `npm run bench`: speed and size budgets, printed as figures against their budgets (never timed unit tests).
// Each file in scripts/bench/ is one section exporting `run(): Promise<BenchFigure[]>`.
// `npm run bench -- api site` runs only the named sections.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { BenchFigure, BenchSection } from './bench/types';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bench');
const only = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const files = readdirSync(dir)
  .filter((file) => file.endsWith('.ts') && file !== 'types.ts' && !file.endsWith('.test.ts') && !file.startsWith('_'))
  .sort()
  .filter((file) => only.length === 0 || only.includes(path.basename(file, '.ts')));

function show(figure: BenchFigure): string {
  const value = `${figure.value}${figure.unit ? ` ${figure.unit}` : ''}`;
  if (!figure.budget) return `  ${figure.name.padEnd(52)} ${value}`;
  const verdict = figure.ok ? 'ok  ' : 'OVER';
  return `  ${figure.name.padEnd(52)} ${value.padEnd(16)} budget ${figure.budget.padEnd(14)} ${verdict}`;
}

let over = 0;
for (const file of files) {
  const section = (await import(pathToFileURL(path.join(dir, file)).href)) as BenchSection;
  console.log(`\n== ${section.title ?? path.basename(file, '.ts')}`);
  try {
    const figures = await section.run();
    for (const figure of figures) {
      console.log(show(figure));
      if (figure.budget && !figure.ok) over += 1;
    }
  } catch (error) {
    over += 1;
    console.log(`  failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  }
}
console.log(`\n${over === 0 ? 'Every budget met.' : `${over} figure(s) over budget or failed.`}`);
process.exitCode = over === 0 ? 0 : 1;
