import { z } from 'zod';
import {
  SITE_SETTINGS_DEFAULTS,
  SITE_SETTINGS_MESSAGES,
  SiteSettingsInputSchema,
  type SiteSettings,
} from '../../shared/schemas/site-settings';
import type { AppDeps } from '../deps';
import { Refusal } from '../refusal';
import type { Stores } from '../stores/types';
import { recordContentChange } from './content-changes';
import { releaseMediaIfUnused, resolveMediaUrl } from './media';
import { nextPolicies } from '../../shared/policies';
import { wallTime } from '../../shared/zoned-time';

export { SITE_SETTINGS_MESSAGES };

export const SETTINGS_CONFLICT_MESSAGE =
  'The site settings were saved elsewhere since you opened them. Reload the page to see those changes, then edit again.';
export const SUBJECT_NOT_OFFERED_MESSAGE = 'Please choose a subject';

/**
 * What PUT /api/admin/site-settings accepts: the whole document, plus the `updatedAt` the form loaded (null for a
 * store that had none). With it, a save over someone else's newer save is refused (409) instead of undoing it.
 */
export const SiteSettingsSaveSchema = SiteSettingsInputSchema.extend({
  updatedAt: z.string().max(40).nullable().optional(),
});

/**
 * The stored settings, or the defaults (the spec's texts) when none were ever saved. Each section is laid over its
 * defaults, so a document saved before a field existed still reads whole (the field takes its default).
 */
export async function readSiteSettings(stores: Pick<Stores, 'settings'>): Promise<SiteSettings> {
  const stored = await stores.settings.get();
  if (!stored) return { ...SITE_SETTINGS_DEFAULTS, updatedAt: null };
  const merged = { ...SITE_SETTINGS_DEFAULTS, updatedAt: stored.updatedAt } as Record<string, unknown>;
  for (const [section, defaults] of Object.entries(SITE_SETTINGS_DEFAULTS)) {
    const saved = (stored as Record<string, unknown>)[section];
    merged[section] = typeof saved === 'object' && saved !== null ? { ...defaults, ...saved } : defaults;
  }
  return merged as SiteSettings;
}

/**
 * Saves the whole document. Pictures must be our own uploads; a picture replaced or removed is deleted once nothing
 * else uses it. The save counts as a content change, so the publisher rebuilds the site with it (docs/publishing.md).
 */
export async function saveSiteSettings(
  deps: AppDeps,
  input: z.output<typeof SiteSettingsSaveSchema>,
): Promise<SiteSettings> {
  const { updatedAt: expected, ...data } = input;
  if (data.identity.portraitUrl) {
    await resolveMediaUrl(deps, data.identity.portraitUrl, ['image'], 'identity.portraitUrl');
  }
  if (data.seo.shareImageUrl) await resolveMediaUrl(deps, data.seo.shareImageUrl, ['image'], 'seo.shareImageUrl');
  const before = await deps.stores.settings.get();
  // The policy version and dates are the server's: raised only when a page's words change (docs/policies.md).
  data.policies = nextPolicies(
    before ?? SITE_SETTINGS_DEFAULTS,
    data,
    wallTime(new Date(), data.contact.timeZone).date,
  );
  const saved = await deps.stores.settings.put(data, expected === undefined ? {} : { expectedUpdatedAt: expected });
  if (!saved) throw new Refusal('conflict', SETTINGS_CONFLICT_MESSAGE);
  for (const url of [before?.identity.portraitUrl, before?.seo.shareImageUrl]) {
    if (url && url !== saved.identity.portraitUrl && url !== saved.seo.shareImageUrl) {
      await releaseMediaIfUnused(deps, url);
    }
  }
  await recordContentChange(deps, { kind: 'settings', action: 'updated', title: saved.identity.siteName });
  return saved;
}

/**
 * The contact form's subjects are the practitioner's to choose (docs/site-settings.md): the shared schema checks the
 * shape, and this checks the subject is one the site offers now.
 */
export async function checkContactSubject(deps: Pick<AppDeps, 'stores'>, subject: string): Promise<void> {
  const { contact } = await readSiteSettings(deps.stores);
  if (!contact.subjects.includes(subject)) {
    throw new Refusal('invalid', SUBJECT_NOT_OFFERED_MESSAGE, { subject: SUBJECT_NOT_OFFERED_MESSAGE });
  }
}
