import { Hono } from 'hono';
import { requireAdmin } from '../auth/require-admin';
import type { AppEnv } from '../deps';
import { readJson } from '../http/validate';
import {
  readSiteSettings,
  saveSiteSettings,
  SITE_SETTINGS_MESSAGES,
  SiteSettingsSaveSchema,
} from '../domain/site-settings';

/** GET /api/site-settings: public, as everything in it is shown on the site (docs/site-settings.md). */
export const siteSettingsRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const data = await readSiteSettings(c.var.deps.stores);
  return c.json({ success: true as const, data });
});

/** /api/admin/site-settings: the portal's Site screen reads and saves the whole document. */
export const adminSiteSettingsRoutes = new Hono<AppEnv>()
  .use('*', requireAdmin)
  .get('/', async (c) => {
    const data = await readSiteSettings(c.var.deps.stores);
    c.header('Cache-Control', 'private, no-store');
    return c.json({ success: true as const, data });
  })
  .put('/', async (c) => {
    const data = await saveSiteSettings(c.var.deps, await readJson(c, SiteSettingsSaveSchema));
    return c.json({ success: true as const, data, message: SITE_SETTINGS_MESSAGES.saved });
  });
