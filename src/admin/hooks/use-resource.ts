import { useCallback, useEffect, useState } from 'react';

export type Resource<T> =
  { status: 'loading' } | { status: 'ready'; data: T; at: Date } | { status: 'failed'; error: unknown };

/**
 * Loads data for a page: loading, then the data or the failure (docs/product-rules.md, "States", "Page loading"). `reload()` shows the
 * loading state again and fetches anew; `update()` edits the loaded data in place after a successful change. `load`
 * must be stable (module level or useCallback), since a new function means a new fetch.
 */
export function useResource<T>(load: (signal: AbortSignal) => Promise<T>) {
  const [resource, setResource] = useState<Resource<T>>({ status: 'loading' });
  const [version, setVersion] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).then(
      (data) => setResource({ status: 'ready', data, at: new Date() }),
      (error: unknown) => {
        if (!controller.signal.aborted) setResource({ status: 'failed', error });
      },
    );
    return () => controller.abort();
  }, [load, version]);

  const reload = useCallback((quiet = false) => {
    if (!quiet) setResource({ status: 'loading' });
    setVersion((value) => value + 1);
  }, []);

  const update = useCallback((change: (data: T) => T) => {
    setResource((current) => (current.status === 'ready' ? { ...current, data: change(current.data) } : current));
  }, []);

  return { resource, reload, update };
}
