// Login's bcrypt cost at a Netlify Function's CPU share (docs/decisions/002-mongodb-in-functions.md, "Measured").
// A 1024 MB function gets about 1024/1769 of one vCPU (AWS Lambda gives a whole vCPU at 1,769 MB); bcryptjs is plain
// JavaScript on one thread, so the share is what matters. This machine has no CPU quota to lend (no cgroup cpu.max
// we may write), so the hash runs in a child process pinned to one core (taskset, when present) and the parent
// pauses and resumes it (SIGSTOP/SIGCONT) so it gets that share of each 20 ms period. Prints p50/p95 for a full core
// and for the function's share; the network to the database is not part of this (see decision 002).
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AUTH_SETTINGS } from '../../src/server/auth/settings';
import type { BenchFigure } from './types';

export const title = `bcrypt cost ${AUTH_SETTINGS.bcryptCost} at a 1024 MB function's CPU share`;

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const FUNCTION_SHARE = 1024 / 1769;
const PERIOD_MS = 20;
const RUNS = 12;
const BUDGET_MS = 400;

/** The child: hash once, then time RUNS compares (what a login does), one JSON line per compare. */
const CHILD = `
const { default: bcrypt } = await import('bcryptjs');
const hash = await bcrypt.hash('correct horse battery staple', ${AUTH_SETTINGS.bcryptCost});
for (let i = 0; i < ${RUNS}; i += 1) {
  const started = performance.now();
  await bcrypt.compare('correct horse battery staple', hash);
  console.log(JSON.stringify({ ms: performance.now() - started }));
}
`;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))] ?? 0;
}

const hasTaskset = spawnSync('taskset', ['--version']).status === 0;

async function measure(share: number): Promise<number[]> {
  const args = ['--input-type=module', '-e', CHILD];
  const child = hasTaskset
    ? spawn('taskset', ['-c', '0', process.execPath, ...args], { cwd: projectRoot })
    : spawn(process.execPath, args, { cwd: projectRoot });
  const times: number[] = [];
  let buffered = '';
  child.stdout.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) if (line.trim()) times.push((JSON.parse(line) as { ms: number }).ms);
  });
  let running = true;
  const throttle = async () => {
    // Run for share × period, pause for the rest, as a CPU quota would.
    while (running && share < 1) {
      await new Promise((resolve) => setTimeout(resolve, PERIOD_MS * share));
      if (!running) break;
      child.kill('SIGSTOP');
      await new Promise((resolve) => setTimeout(resolve, PERIOD_MS * (1 - share)));
      if (running) child.kill('SIGCONT');
    }
  };
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  void throttle();
  const code = await exited;
  running = false;
  if (code !== 0 || times.length !== RUNS) throw new Error(`the bcrypt child exited with ${String(code)}`);
  return times;
}

export async function run(): Promise<BenchFigure[]> {
  const full = await measure(1);
  const shared = await measure(FUNCTION_SHARE);
  const figure = (name: string, value: number, budgeted = false): BenchFigure => ({
    name,
    value: Math.round(value),
    unit: 'ms',
    ...(budgeted ? { budget: `≤ ${BUDGET_MS} ms`, ok: value <= BUDGET_MS } : {}),
  });
  return [
    { name: 'CPU pinned to one core (taskset)', value: hasTaskset ? 'yes' : 'no: whole machine' },
    figure('compare, one full core: p50', percentile(full, 0.5)),
    figure('compare, one full core: p95', percentile(full, 0.95)),
    { name: 'function CPU share assumed (1024 / 1769 MB)', value: `${Math.round(FUNCTION_SHARE * 100)} %` },
    figure('compare at the function share: p50', percentile(shared, 0.5), true),
    figure('compare at the function share: p95', percentile(shared, 0.95), true),
  ];
}
