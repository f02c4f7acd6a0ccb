// Login latency at the real bcrypt cost, against the 400 ms budget (cost 12 unless logins exceed it).
import { createApp } from '../../src/server/app';
import { CLIENT_IP_HEADER } from '../../src/server/auth/client-ip';
import { AUTH_SETTINGS } from '../../src/server/auth/settings';
import {
  createAdminSession,
  createTestDeps,
  DEFAULT_ADMIN,
  ownerDeviceCookie,
} from '../../tests/support/server/admin-session';
import type { BenchFigure } from './types';

export const title = `Admin login (bcrypt cost ${AUTH_SETTINGS.bcryptCost})`;

const BUDGET_MS = 400;
const RUNS = 15;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))] ?? 0;
}

export async function run(): Promise<BenchFigure[]> {
  // createTestDeps with `auth` set but no bcryptCost: the production cost, an in-memory store, no mail.
  const deps = createTestDeps({ auth: { forgotPasswordMinMs: 0 } });
  const app = createApp(deps);
  await createAdminSession(app);

  const login = async (username: string, password: string, ip: string) => {
    const started = performance.now();
    const response = await app.request('/api/admin/auth/login', {
      method: 'POST',
      // The owner's browser (device cookie): a new one would get the e-mailed approval step instead of a session.
      headers: { 'Content-Type': 'application/json', [CLIENT_IP_HEADER]: ip, Cookie: ownerDeviceCookie(app) },
      body: JSON.stringify({ username, password }),
    });
    await response.arrayBuffer();
    return { ms: performance.now() - started, status: response.status };
  };

  await login(DEFAULT_ADMIN.username, DEFAULT_ADMIN.password, '192.0.2.1'); // warm-up
  const ok: number[] = [];
  const unknown: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const good = await login(DEFAULT_ADMIN.username, DEFAULT_ADMIN.password, '192.0.2.1');
    if (good.status !== 200) throw new Error(`login answered ${good.status}`);
    ok.push(good.ms);
    // A fresh address and name each time keeps the failure limits out of the measurement.
    const bad = await login(`nobody-${i}`, 'wrong-password', `198.51.100.${i}`);
    if (bad.status !== 401) throw new Error(`unknown-user login answered ${bad.status}`);
    unknown.push(bad.ms);
  }
  await deps.stores.close();

  const figure = (name: string, value: number, budgeted: boolean): BenchFigure => ({
    name,
    value: Math.round(value),
    unit: 'ms',
    ...(budgeted ? { budget: `≤ ${BUDGET_MS} ms`, ok: value <= BUDGET_MS } : {}),
  });
  return [
    figure(`login p50, right password (${RUNS} runs)`, percentile(ok, 0.5), true),
    figure('login p90, right password', percentile(ok, 0.9), false),
    figure(`login p50, unknown user (dummy hash)`, percentile(unknown, 0.5), true),
  ];
}
