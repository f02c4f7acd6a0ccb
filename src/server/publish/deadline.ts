/**
 * The scheduled function's time budget (docs/publishing.md, "The scheduled publisher"). Netlify stops a scheduled
 * function after 30 s; the whole run (store reads, the hook call, the record write) must end before that, so that
 * nothing is cut off between "the hook answered" and "the request is recorded" without the code knowing.
 */
export const SCHEDULED_BUDGET_MS = 25_000;

/** Thrown when the run's budget is spent; the scheduler then records nothing and the next run tries again. */
export class DeadlineError extends Error {
  constructor() {
    super('The scheduled publish ran out of time.');
    this.name = 'DeadlineError';
  }
}

/**
 * Waits for `work`, but no longer than `signal` allows. A store read cannot always be cancelled (a MongoDB query),
 * so the caller stops waiting for it instead; whatever it returns later is ignored.
 */
export function withDeadline<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  if (signal.aborted) {
    work.catch(() => undefined);
    return Promise.reject(new DeadlineError());
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new DeadlineError());
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
