// `npm run checks` (the first step of `npm test`): lint and typecheck at the same time. Each is one single-threaded
// process (ESLint then Prettier; astro check then tsc), so on a 2-core machine the two together take about as long
// as the slower one. Each step's output is printed whole when it ends, so the two never interleave; the run fails if
// either fails. See the README's "Tests".
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Step {
  name: string;
  command: string;
  args: string[];
}

export interface StepResult {
  name: string;
  code: number;
  output: string;
  seconds: number;
}

/** The npm scripts `npm run checks` runs side by side. */
export const CHECK_STEPS: Step[] = ['lint', 'typecheck'].map((script) => ({
  name: `npm run ${script}`,
  command: 'npm',
  args: ['run', '--silent', script],
}));

/** Runs one step with its stdout and stderr collected together. */
function run(step: Step): Promise<StepResult> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(step.command, step.args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    let settled = false;
    const finish = (code: number) => {
      if (settled) return;
      settled = true;
      resolve({ name: step.name, code, output, seconds: (Date.now() - started) / 1000 });
    };
    child.on('close', (code) => finish(code ?? 1));
    child.on('error', (error) => {
      output += String(error);
      finish(1);
    });
  });
}

/** A header line saying how the step went and how long it took, then what it printed. */
export function report(result: StepResult): string {
  const verdict = result.code === 0 ? 'passed' : `FAILED (exit ${result.code})`;
  const output = result.output.trimEnd();
  return `── ${result.name}: ${verdict} in ${result.seconds.toFixed(0)} s\n${output ? `${output}\n` : ''}`;
}

/** Starts every step at once; `print` gets each step's report as it ends. True when all passed. */
export async function runSideBySide(steps: Step[], print: (text: string) => void): Promise<boolean> {
  const results = await Promise.all(
    steps.map(async (step) => {
      const result = await run(step);
      print(report(result));
      return result;
    }),
  );
  return results.every((result) => result.code === 0);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const passed = await runSideBySide(CHECK_STEPS, (text) => process.stdout.write(text));
  if (!passed) process.exit(1);
}
