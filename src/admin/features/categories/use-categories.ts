import { useEffect, useState } from 'react';
import { DEFAULT_CATEGORIES, type Category } from '../../../shared/schemas/category';
import { categories as categoriesApi } from '../../api/endpoints';

/**
 * The store's categories for the service form and the services list (docs/categories.md). Until they arrive (or if
 * they cannot be read) the spec's defaults stand in, so the form is never left without a list.
 */
export function useCategories(): { list: readonly Category[]; loaded: boolean } {
  const [state, setState] = useState<{ list: readonly Category[]; loaded: boolean }>({
    list: DEFAULT_CATEGORIES,
    loaded: false,
  });
  useEffect(() => {
    const controller = new AbortController();
    categoriesApi.list(controller.signal).then(
      (reply) => setState({ list: reply.data, loaded: true }),
      () => undefined,
    );
    return () => controller.abort();
  }, []);
  return state;
}

/** What the service form offers: every category not hidden, plus the one the service already has. */
export function offeredCategories(list: readonly Category[], current: string): string[] {
  const names = list.filter((category) => !category.hidden || category.name === current).map((c) => c.name);
  return current && !names.includes(current) ? [current, ...names] : names;
}
