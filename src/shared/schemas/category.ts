import { z } from 'zod';
import { SERVICE_CATEGORIES } from '../constants';

// The practitioner's own service categories (docs/categories.md; why services keep the name:
// docs/decisions/014-categories-by-name.md). The spec's list is only the starting point.

export const CATEGORY_NAME_MAX = 60;
export const CATEGORIES_MAX = 100;

export const CATEGORY_MESSAGES = {
  empty: 'Please enter a category name',
  tooLong: `A category name can be at most ${CATEGORY_NAME_MAX} characters`,
  duplicate: 'There is already a category with this name',
  saved: 'Categories saved',
  renamed: 'Category renamed',
  notFound: 'That category no longer exists. Reload the page to see the current list.',
  notOffered: 'Please choose a category from the list',
} as const;

/** "N services use …": the refusal names how many services would lose their category. */
export function categoryInUseMessage(name: string, count: number): string {
  const services = count === 1 ? '1 service uses' : `${count} services use`;
  return `${services} "${name}". Move ${count === 1 ? 'it' : 'them'} to another category before deleting this one.`;
}

export const CategoryNameSchema = z
  .string({ error: CATEGORY_MESSAGES.empty })
  .trim()
  .min(1, CATEGORY_MESSAGES.empty)
  .max(CATEGORY_NAME_MAX, CATEGORY_MESSAGES.tooLong);

/** One category: its name (what services carry) and whether new services may still choose it. */
export const CategorySchema = z.object({
  name: CategoryNameSchema,
  hidden: z.boolean().default(false),
});
export type Category = z.output<typeof CategorySchema>;

const sameName = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' }) === 0;

/** The whole ordered list, as the admin saves it: names unique regardless of case. */
export const CategoryListSchema = z
  .array(CategorySchema)
  .max(CATEGORIES_MAX)
  .superRefine((list, ctx) => {
    list.forEach((category, index) => {
      if (list.findIndex((other) => sameName(other.name, category.name)) !== index) {
        ctx.addIssue({ code: 'custom', path: [index, 'name'], message: CATEGORY_MESSAGES.duplicate });
      }
    });
  });

export const CategoriesSaveSchema = z.object({ categories: CategoryListSchema });
export const CategoryRenameSchema = z.object({ from: CategoryNameSchema, to: CategoryNameSchema });

/** The spec's categories, in the spec's order: what a store that never saved a list holds. */
export const DEFAULT_CATEGORIES: readonly Category[] = SERVICE_CATEGORIES.map((name) => ({ name, hidden: false }));

export function findCategory(list: readonly Category[], name: string): Category | undefined {
  return list.find((category) => sameName(category.name, name.trim()));
}
