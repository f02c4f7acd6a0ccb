import { CATEGORY_MESSAGES, categoryInUseMessage, findCategory, type Category } from '../../shared/schemas/category';
import type { AppDeps } from '../deps';
import { Refusal } from '../refusal';
import type { Stores } from '../stores/types';
import { recordContentChange } from './content-changes';

export { CATEGORY_MESSAGES };

/** Public: the categories the site shows, in the practitioner's order (hidden ones too: services may still use them). */
export async function listCategories(stores: Pick<Stores, 'categories'>): Promise<Category[]> {
  return stores.categories.list();
}

/**
 * Saves the whole list (add, reorder, hide, delete). A category that services still use cannot be dropped: the
 * refusal names how many, so the practitioner knows what to move first (docs/categories.md). A rename goes through
 * renameCategory, which moves the services along; here a changed name would look like a delete plus an add.
 */
export async function saveCategories(deps: AppDeps, list: Category[]): Promise<Category[]> {
  const before = await deps.stores.categories.list();
  for (const old of before) {
    if (findCategory(list, old.name)) continue;
    const used = await deps.stores.categories.countServices(old.name);
    if (used > 0) throw new Refusal('conflict', categoryInUseMessage(old.name, used));
  }
  const saved = await deps.stores.categories.save(list);
  await recordContentChange(deps, { kind: 'category', action: 'updated', title: `${saved.length} categories` });
  return saved;
}

export async function renameCategory(deps: AppDeps, from: string, to: string): Promise<Category[]> {
  const list = await deps.stores.categories.list();
  const clash = findCategory(list, to);
  if (clash && clash !== findCategory(list, from)) {
    throw new Refusal('conflict', CATEGORY_MESSAGES.duplicate, { to: CATEGORY_MESSAGES.duplicate });
  }
  const result = await deps.stores.categories.rename(from, to);
  if (!result) throw new Refusal('not-found', CATEGORY_MESSAGES.notFound);
  await recordContentChange(deps, { kind: 'category', action: 'updated', title: `${from} → ${to}` });
  return result.categories;
}

/**
 * The service form's category must be one of the store's categories (spelled as the list spells it). A hidden one is
 * refused for a new service, but a service already in it may keep it when saved again.
 */
export async function checkServiceCategory(
  stores: Pick<Stores, 'categories'>,
  category: string,
  current: string | null,
): Promise<string> {
  const found = findCategory(await stores.categories.list(), category);
  if (found && (!found.hidden || found.name === current)) return found.name;
  if (current !== null && category === current) return current;
  throw new Refusal('invalid', CATEGORY_MESSAGES.notOffered, { category: CATEGORY_MESSAGES.notOffered });
}
