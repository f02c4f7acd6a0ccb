// Small rules both store implementations share, so they cannot drift apart.

/** A chunk index becomes a key of `received`; anything but a whole number would make a nonsense key. */
export function assertChunkIndex(index: number): void {
  if (!Number.isSafeInteger(index) || index < 0) throw new RangeError(`Invalid chunk index: ${index}`);
}

/** Drops keys whose value is undefined: a patch's absent fields must keep the stored values. */
export function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** Meta values are JSON on both stores (the embedded one stores JSON text). */
export function asJson(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value ?? null)) as unknown;
}

export const nowIso = (): string => new Date().toISOString();
