// `npm run checks` runs lint and typecheck side by side (scripts/checks.ts): both start at once, each one's output
// comes out whole, and one failure fails the run.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CHECK_STEPS, runSideBySide, type Step } from './checks';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A Node one-liner as a step. */
const node = (name: string, code: string): Step => ({ name, command: process.execPath, args: ['-e', code] });

/** A step that prints `word` three times, `ms` apart, then exits with `exit`. */
const slow = (name: string, word: string, ms: number, exit = 0) =>
  node(
    name,
    `let n = 0; const t = setInterval(() => { console.log('${word}'); if (++n === 3) { clearInterval(t); process.exit(${exit}); } }, ${ms});`,
  );

describe('npm run checks', () => {
  it('runs lint and typecheck, and npm test starts with it', () => {
    expect(CHECK_STEPS.map((step) => step.name)).toEqual(['npm run lint', 'npm run typecheck']);
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts['checks']).toBe('tsx scripts/checks.ts');
    expect(pkg.scripts['test']?.startsWith('npm run checks && ')).toBe(true);
  });

  it('starts the steps together and prints each one whole when it ends', async () => {
    const printed: string[] = [];
    const started = Date.now();
    const passed = await runSideBySide([slow('one', 'alpha', 800), slow('two', 'beta', 800)], (text) =>
      printed.push(text),
    );
    const seconds = (Date.now() - started) / 1000;
    expect(passed).toBe(true);
    // One after the other would take at least 4.8 s; together, a little over 2.4 s.
    expect(seconds).toBeLessThan(4.8);
    expect(printed.sort()).toEqual([
      expect.stringMatching(/^── one: passed in \d+ s\nalpha\nalpha\nalpha\n$/),
      expect.stringMatching(/^── two: passed in \d+ s\nbeta\nbeta\nbeta\n$/),
    ]);
  });

  it('fails when one step fails, and says which', async () => {
    const printed: string[] = [];
    const passed = await runSideBySide([slow('lint', 'ok', 50), slow('typecheck', 'error TS2322', 50, 2)], (text) =>
      printed.push(text),
    );
    expect(passed).toBe(false);
    expect(printed.join('')).toContain('── typecheck: FAILED (exit 2)');
    expect(printed.join('')).toContain('── lint: passed');
  });
});
