// Temporary folders made by tests, removed after each test file (tests/setup/temp-dirs.ts): route tests make a data
// folder per app, hundreds per run, and left them behind in the temp folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const made: string[] = [];

/** A new empty folder under the system's temp folder, named `<prefix>XXXXXX`. */
export function makeTempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** Removes every folder made so far (the test file that made them has finished). */
export function removeTempDirs(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}
