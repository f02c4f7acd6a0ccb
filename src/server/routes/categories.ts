import type { AppDeps } from '../deps';
import { CategoriesSaveSchema, CategoryRenameSchema } from '../../shared/schemas/category';
import { CATEGORY_MESSAGES, listCategories, renameCategory, saveCategories } from '../domain/categories';
import { readJson } from '../http/validate';
import { adminRouter, privateRead, publicRead } from './admin-router';

const readCategories = (deps: AppDeps) => listCategories(deps.stores);

/** GET /api/categories: public, the site shows every category name (docs/categories.md). */
export const categoriesRoutes = publicRead(readCategories);

/** /api/admin/categories: the portal's Categories screen reads and saves the list, and renames one category. */
export const adminCategoriesRoutes = adminRouter()
  .get('/', privateRead(readCategories))
  .put('/', async (c) => {
    const { categories } = await readJson(c, CategoriesSaveSchema);
    const data = await saveCategories(c.var.deps, categories);
    return c.json({ success: true as const, data, message: CATEGORY_MESSAGES.saved });
  })
  .post('/rename', async (c) => {
    const { from, to } = await readJson(c, CategoryRenameSchema);
    const data = await renameCategory(c.var.deps, from, to);
    return c.json({ success: true as const, data, message: CATEGORY_MESSAGES.renamed });
  });
