// The bookings' chores with the deployed configuration (netlify/functions/bookings-scheduled.mts). Like the
// scheduled publisher, a warm instance keeps its dependencies, and a failure to build them is never kept: missing
// configuration or an unreachable database is logged and tried again on the next run.
import { getEnv, type Env } from '../env';
import { SCHEDULED_BUDGET_MS } from '../publish/deadline';
import { scheduledRunDeps } from '../runtime';
import { runBookingChores, type ChoresOutcome } from './scheduled';

export async function runBookingChoresNow(
  loadEnv: () => Env = getEnv,
  /** One budget for the whole run, cold start included (src/server/publish/deadline.ts). */
  budgetMs: number = SCHEDULED_BUDGET_MS,
): Promise<ChoresOutcome | { action: 'not-configured' | 'timed-out' }> {
  const signal = AbortSignal.timeout(budgetMs);
  const deps = await scheduledRunDeps(loadEnv, signal);
  if ('action' in deps) return deps;
  return runBookingChores(deps, new Date(), signal);
}
