import type { AppDeps } from '../deps';
import { readJson } from '../http/validate';
import {
  readSiteSettings,
  saveSiteSettings,
  SITE_SETTINGS_MESSAGES,
  SiteSettingsSaveSchema,
} from '../domain/site-settings';
import { adminRouter, privateRead, publicRead } from './admin-router';

const readSettings = (deps: AppDeps) => readSiteSettings(deps.stores);

/** GET /api/site-settings: public, as everything in it is shown on the site (docs/site-settings.md). */
export const siteSettingsRoutes = publicRead(readSettings);

/** /api/admin/site-settings: the portal's Site screen reads and saves the whole document. */
export const adminSiteSettingsRoutes = adminRouter()
  .get('/', privateRead(readSettings))
  .put('/', async (c) => {
    const data = await saveSiteSettings(c.var.deps, await readJson(c, SiteSettingsSaveSchema));
    return c.json({ success: true as const, data, message: SITE_SETTINGS_MESSAGES.saved });
  });
