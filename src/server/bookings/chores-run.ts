// The bookings' chores with the deployed configuration (netlify/functions/bookings-scheduled.mts). Like the
// scheduled publisher, a warm instance keeps its dependencies, and a failure to build them is never kept: missing
// configuration or an unreachable database is logged and tried again on the next run.
import type { AppDeps } from '../deps';
import { ConfigurationError, getEnv, type Env } from '../env';
import { DeadlineError, SCHEDULED_BUDGET_MS, withDeadline } from '../publish/deadline';
import { createDefaultDeps } from '../runtime';
import { runBookingChores, type ChoresOutcome } from './scheduled';

let depsPromise: Promise<AppDeps> | undefined;

export async function runBookingChoresNow(
  loadEnv: () => Env = getEnv,
  /** One budget for the whole run, cold start included (src/server/publish/deadline.ts). */
  budgetMs: number = SCHEDULED_BUDGET_MS,
): Promise<ChoresOutcome | { action: 'not-configured' | 'timed-out' }> {
  const signal = AbortSignal.timeout(budgetMs);
  if (!depsPromise) {
    let env: Env;
    try {
      env = loadEnv();
    } catch (error) {
      if (!(error instanceof ConfigurationError)) throw error;
      console.error(`[config] ${error.message}`);
      return { action: 'not-configured' };
    }
    const attempt = createDefaultDeps(env);
    depsPromise = attempt;
    attempt.catch(() => {
      if (depsPromise === attempt) depsPromise = undefined;
    });
  }
  let deps: AppDeps;
  try {
    deps = await withDeadline(depsPromise, signal);
  } catch (error) {
    if (error instanceof DeadlineError) return { action: 'timed-out' };
    throw error;
  }
  return runBookingChores(deps, new Date(), signal);
}
