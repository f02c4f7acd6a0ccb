import { Hono } from 'hono';
import { CategoriesSaveSchema, CategoryRenameSchema } from '../../shared/schemas/category';
import { requireAdmin } from '../auth/require-admin';
import type { AppEnv } from '../deps';
import { CATEGORY_MESSAGES, listCategories, renameCategory, saveCategories } from '../domain/categories';
import { readJson } from '../http/validate';

/** GET /api/categories: public, the site shows every category name (docs/categories.md). */
export const categoriesRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const data = await listCategories(c.var.deps.stores);
  return c.json({ success: true as const, data });
});

/** /api/admin/categories: the portal's Categories screen reads and saves the list, and renames one category. */
export const adminCategoriesRoutes = new Hono<AppEnv>()
  .use('*', requireAdmin)
  .get('/', async (c) => {
    const data = await listCategories(c.var.deps.stores);
    c.header('Cache-Control', 'private, no-store');
    return c.json({ success: true as const, data });
  })
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
