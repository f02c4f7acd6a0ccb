// The dashboard's first-run checklist and "Remove the sample content" (docs/admin.md, "First-run checklist"). Beside
// the demo content it is about (and not in domain/, which content/ already imports).
import { FIRST_RUN_MESSAGES, type FirstRunStatus, type SampleRemoval } from '../../shared/schemas/first-run';
import { isSample, sampleFields } from '../../shared/sample-texts';
import type { AppDeps } from '../deps';
import { isDemoBanner, isDemoService, isDemoTestimonial } from './demo-marks';
import { Refusal } from '../refusal';
import { recordContentChange } from '../domain/content-changes';
import { readSiteSettings } from '../domain/site-settings';
import { moveToTrash, restoreFromTrash } from '../domain/trash';

type FirstRunDeps = Pick<AppDeps, 'stores' | 'media' | 'publisher'>;

async function demoItems(deps: FirstRunDeps) {
  const [services, banners, testimonials] = await Promise.all([
    deps.stores.services.list({ activeOnly: false }),
    deps.stores.banners.list({ activeOnly: false }),
    deps.stores.testimonials.list(),
  ]);
  return {
    services,
    demoServices: services.filter(isDemoService),
    demoBanners: banners.filter(isDemoBanner),
    // A hidden demo testimonial is already off the site: only visible ones still count as sample content.
    demoTestimonials: testimonials.filter((t) => t.isVisible && isDemoTestimonial(t)),
  };
}

/** Every step from the stored data: renaming, a photo, a story, contact details, an own service, no samples left. */
export async function firstRunStatus(deps: FirstRunDeps): Promise<FirstRunStatus> {
  const [settings, items] = await Promise.all([readSiteSettings(deps.stores), demoItems(deps)]);
  const { identity, contact } = settings;
  const filled = (value: string) => value.trim() !== '';
  const samples = {
    services: items.demoServices.length,
    banners: items.demoBanners.length,
    testimonials: items.demoTestimonials.length,
  };
  const done = {
    profile:
      !isSample(settings, 'identity.practitionerName') &&
      !isSample(settings, 'identity.siteName') &&
      filled(identity.portraitUrl),
    about: !isSample(settings, 'about.story'),
    contact:
      filled(contact.phone) &&
      filled(contact.whatsapp) &&
      filled(contact.email) &&
      !isSample(settings, 'contact.email') &&
      !isSample(settings, 'contact.phone'),
    service: items.services.length > items.demoServices.length,
    samples: samples.services + samples.banners + samples.testimonials === 0,
  };
  return {
    steps: (Object.keys(done) as (keyof typeof done)[]).map((id) => ({ id, done: done[id] })),
    samples,
    sampleTexts: Object.values(sampleFields(settings)).flat().length,
  };
}

/**
 * Moves every demo service and banner to the Trash (so each can be restored for 30 days) and hides the demo
 * testimonials (they have no trash). Answers what it moved, which is what Undo sends back.
 */
export async function removeSampleContent(deps: FirstRunDeps): Promise<SampleRemoval> {
  const items = await demoItems(deps);
  const moved: SampleRemoval = { services: [], banners: [], testimonials: [] };
  if (items.demoServices.length + items.demoBanners.length + items.demoTestimonials.length === 0) {
    throw new Refusal('conflict', FIRST_RUN_MESSAGES.nothingLeft);
  }
  for (const service of items.demoServices) {
    if (await moveToTrash(deps, 'service', service._id)) moved.services.push(service._id);
  }
  for (const banner of items.demoBanners) {
    if (await moveToTrash(deps, 'banner', banner._id)) moved.banners.push(banner._id);
  }
  for (const t of items.demoTestimonials) {
    const { _id, createdAt: _c, updatedAt: _u, ...fields } = t;
    if (await deps.stores.testimonials.replace(_id, { ...fields, isVisible: false })) moved.testimonials.push(_id);
  }
  if (moved.testimonials.length > 0) {
    await recordContentChange(deps, { kind: 'testimonial', action: 'updated', title: 'Sample testimonials hidden' });
  }
  return moved;
}

/** Undo: puts back what removeSampleContent moved; an item already restored another way is skipped. */
export async function restoreSampleContent(deps: FirstRunDeps, removal: SampleRemoval): Promise<number> {
  let restored = 0;
  for (const id of [...removal.services, ...removal.banners]) {
    try {
      await restoreFromTrash(deps, id);
      restored += 1;
    } catch (error) {
      if (!(error instanceof Refusal && error.reason === 'not-found')) throw error;
    }
  }
  let shown = 0;
  for (const id of removal.testimonials) {
    const t = await deps.stores.testimonials.get(id);
    if (!t || t.isVisible) continue;
    const { _id, createdAt: _c, updatedAt: _u, ...fields } = t;
    if (await deps.stores.testimonials.replace(_id, { ...fields, isVisible: true })) shown += 1;
  }
  if (shown > 0) {
    await recordContentChange(deps, { kind: 'testimonial', action: 'updated', title: 'Sample testimonials shown' });
  }
  return restored + shown;
}
