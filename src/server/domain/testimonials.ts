import type { Service } from '../../shared/schemas/service';
import {
  type HomeTestimonial,
  TESTIMONIAL_HOME_MAX,
  TESTIMONIAL_MESSAGES,
  type TestimonialInput,
  type TestimonialRecord,
} from '../../shared/schemas/testimonial';
import type { AppDeps } from '../deps';
import { Refusal } from '../refusal';
import { isId } from '../stores/ids';
import { recordContentChange } from './content-changes';

type TestimonialDeps = Pick<AppDeps, 'stores' | 'publisher'>;

/**
 * A service's `testimonials` and `averageRating` are derived, never stored by hand: its visible testimonials in the
 * practitioner's order, and the mean of their ratings to one decimal (0 when none is rated). The API replies and
 * the build both go through here, so the dashboard's Reviews column and the detail page agree.
 */
export function withTestimonials(services: Service[], testimonials: readonly TestimonialRecord[]): Service[] {
  const byService = new Map<string, TestimonialRecord[]>();
  for (const t of testimonials) {
    if (!t.isVisible || !t.serviceId) continue;
    byService.set(t.serviceId, [...(byService.get(t.serviceId) ?? []), t]);
  }
  return services.map((service) => {
    const own = byService.get(service._id) ?? [];
    const ratings = own.flatMap((t) => (t.rating === undefined ? [] : [t.rating]));
    const average = ratings.length === 0 ? 0 : ratings.reduce((sum, r) => sum + r, 0) / ratings.length;
    return {
      ...service,
      testimonials: own.map((t) => ({
        name: t.name,
        text: t.text,
        date: t.date,
        ...(t.rating !== undefined ? { rating: t.rating } : {}),
      })),
      averageRating: Math.round(average * 10) / 10,
    };
  });
}

/** Services as the API and the build show them, testimonials derived. */
export async function servicesWithTestimonials(deps: Pick<AppDeps, 'stores'>, services: Service[]): Promise<Service[]> {
  if (services.length === 0) return services;
  return withTestimonials(services, await deps.stores.testimonials.list());
}

/** The visible testimonials chosen for the home page, in order, at most TESTIMONIAL_HOME_MAX. */
export function homeTestimonials(
  testimonials: readonly TestimonialRecord[],
  services: readonly Pick<Service, '_id' | 'name'>[],
): HomeTestimonial[] {
  const names = new Map(services.map((s) => [s._id, s.name]));
  return testimonials
    .filter((t) => t.isVisible && t.featuredOnHome)
    .slice(0, TESTIMONIAL_HOME_MAX)
    .map((t) => {
      const serviceName = t.serviceId ? names.get(t.serviceId) : undefined;
      return {
        _id: t._id,
        name: t.name,
        text: t.text,
        date: t.date,
        ...(t.rating !== undefined ? { rating: t.rating } : {}),
        ...(serviceName !== undefined ? { serviceName } : {}),
      };
    });
}

/**
 * The rules a save must pass beyond the schema: a service that exists, and room on the home page. A service that was
 * deleted (or is in the trash) since may stay on an edit that keeps it, so the testimonial can still be hidden or
 * reworded; it shows nowhere until the service is restored.
 */
async function checkInput(deps: TestimonialDeps, input: TestimonialInput, current?: TestimonialRecord): Promise<void> {
  const errors: Record<string, string> = {};
  const keepsService = current !== undefined && input.serviceId === current.serviceId;
  if (input.serviceId !== undefined && !keepsService && !(await deps.stores.services.get(input.serviceId))) {
    errors['serviceId'] = TESTIMONIAL_MESSAGES.serviceMissing;
  }
  if (input.featuredOnHome) {
    const featured = (await deps.stores.testimonials.list()).filter((t) => t.featuredOnHome && t._id !== current?._id);
    if (featured.length >= TESTIMONIAL_HOME_MAX) errors['featuredOnHome'] = TESTIMONIAL_MESSAGES.homeFull;
  }
  const first = Object.values(errors)[0];
  if (first !== undefined) throw new Refusal('invalid', first, errors);
}

export async function createTestimonial(deps: TestimonialDeps, input: TestimonialInput): Promise<TestimonialRecord> {
  await checkInput(deps, input);
  const all = await deps.stores.testimonials.list();
  const order = all.reduce((max, t) => Math.max(max, t.order), -1) + 1;
  const created = await deps.stores.testimonials.create({ ...input, order });
  await recordContentChange(deps, { kind: 'testimonial', action: 'created', title: created.name });
  return created;
}

async function getOr404(deps: TestimonialDeps, id: string): Promise<TestimonialRecord> {
  const current = isId(id) ? await deps.stores.testimonials.get(id) : null;
  if (!current) throw new Refusal('not-found', TESTIMONIAL_MESSAGES.notFound);
  return current;
}

export async function updateTestimonial(
  deps: TestimonialDeps,
  id: string,
  input: TestimonialInput,
): Promise<TestimonialRecord> {
  const current = await getOr404(deps, id);
  await checkInput(deps, input, current);
  const updated = await deps.stores.testimonials.replace(id, { ...input, order: current.order });
  if (!updated) throw new Refusal('not-found', TESTIMONIAL_MESSAGES.notFound);
  await recordContentChange(deps, { kind: 'testimonial', action: 'updated', title: updated.name });
  return updated;
}

/** Deleted at once (not trashed: a testimonial is a few lines, and the list asks before deleting). */
export async function deleteTestimonial(deps: TestimonialDeps, id: string): Promise<void> {
  const removed = isId(id) ? await deps.stores.testimonials.delete(id) : null;
  if (!removed) throw new Refusal('not-found', TESTIMONIAL_MESSAGES.notFound);
  await recordContentChange(deps, { kind: 'testimonial', action: 'deleted', title: removed.name });
}

/**
 * One step up or down in the order. The whole list is renumbered 0…n-1 with the two swapped, so older records
 * with equal orders still move by exactly one place. Returns the list in its new order.
 */
export async function moveTestimonial(
  deps: TestimonialDeps,
  id: string,
  direction: 'up' | 'down',
): Promise<TestimonialRecord[]> {
  const moved = await getOr404(deps, id);
  const list = await deps.stores.testimonials.list();
  const from = list.findIndex((t) => t._id === id);
  const to = direction === 'up' ? from - 1 : from + 1;
  if (to < 0 || to >= list.length) return list;
  const next = [...list];
  [next[from], next[to]] = [next[to] as TestimonialRecord, next[from] as TestimonialRecord];
  const result: TestimonialRecord[] = [];
  for (const [order, t] of next.entries()) {
    if (t.order === order) {
      result.push(t);
      continue;
    }
    const { _id, createdAt: _c, updatedAt: _u, order: _o, ...fields } = t;
    result.push((await deps.stores.testimonials.replace(_id, { ...fields, order })) ?? { ...t, order });
  }
  await recordContentChange(deps, { kind: 'testimonial', action: 'updated', title: moved.name });
  return result;
}
