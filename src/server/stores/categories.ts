import type { Category } from '../../shared/schemas/category';

/**
 * The ordered list of service categories (docs/categories.md). Services carry their category's name
 * (docs/decisions/014-categories-by-name.md), so a rename moves the services along in the same store operation.
 */
export interface CategoryStore {
  /** The saved list; the spec's defaults (DEFAULT_CATEGORIES) while none was ever saved, so old stores keep working. */
  list(): Promise<Category[]>;
  /** Replaces the whole list (order, hidden flags, additions, removals). The domain validates it first. */
  save(list: readonly Category[]): Promise<Category[]>;
  /**
   * Renames `from` to `to` in the list and in every service that carries `from`, as one operation: no service is
   * left behind with the old name. null when `from` is not in the list. Answers the new list and how many services
   * moved.
   */
  rename(from: string, to: string): Promise<{ categories: Category[]; moved: number } | null>;
  /** How many services (active or not) carry this category name. */
  countServices(name: string): Promise<number>;
}
