// A service's readable address, /service/<slug> (docs/content-api.md, "Addresses"). One set of rules for the admin
// form, the API, the stores' backfill and the build.
import { z } from 'zod';

/** Long enough for any real service name, short enough to read and type. */
export const SLUG_MAX = 80;

/**
 * Words that name something else under /service/ (the client-rendered fallback page is built at /service/fallback/)
 * or that would read as a page of the site rather than a service.
 */
export const RESERVED_SLUGS: readonly string[] = ['fallback', 'index', 'new', 'edit', 'preview', 'admin', 'api'];

export const SLUG_MESSAGES = {
  format: 'Use lowercase letters a–z, digits and single hyphens only, e.g. tarot-reading',
  tooLong: `The address must be at most ${SLUG_MAX} characters`,
  reserved: 'This address is reserved by the site. Please choose another',
  idShape: 'This address looks like a database id. Please add a word to it',
  taken: 'Another service already uses this address. Please choose another',
  takenBefore: 'Another service used this address before, and its old links still lead there. Please choose another',
} as const;

const SLUG_SHAPE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** The shape of a database id (src/server/stores/ids.ts): such an address already redirects to its service. */
const ID_SHAPE = /^[a-f0-9]{24}$/;

/** A slug as stored: already valid. */
export const SlugSchema = z
  .string()
  .max(SLUG_MAX, { error: SLUG_MESSAGES.tooLong })
  .regex(SLUG_SHAPE, { error: SLUG_MESSAGES.format })
  .refine((slug) => !RESERVED_SLUGS.includes(slug), { error: SLUG_MESSAGES.reserved })
  .refine((slug) => !ID_SHAPE.test(slug), { error: SLUG_MESSAGES.idShape });

/**
 * What the service form sends: empty means "make it from the name" (the server does, with a suffix when taken).
 * Surrounding spaces and capitals are forgiven; anything else that breaks the rules gets a message.
 */
export const SlugFieldSchema = z.preprocess(
  (value) =>
    value === undefined || value === null ? '' : typeof value === 'string' ? value.trim().toLowerCase() : value,
  z.union([z.literal(''), SlugSchema]),
);

/**
 * The slug a name gives: accents dropped (é → e), "&" read as "and", every other run of non-letters a hyphen, cut at
 * a word boundary within SLUG_MAX. A name with no Latin letters or digits gives "service"; a reserved word or an
 * id-shaped result gets "-service" added, so the answer always passes SlugSchema.
 */
export function slugify(name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .replace(/[æÆ]/g, 'ae')
    .replace(/[øØ]/g, 'o')
    .replace(/&/g, ' and ')
    .toLowerCase();
  let slug = ascii.replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  if (slug.length > SLUG_MAX) {
    const cut = slug.slice(0, SLUG_MAX + 1);
    const lastHyphen = cut.lastIndexOf('-');
    slug = (lastHyphen > 0 ? cut.slice(0, lastHyphen) : cut.slice(0, SLUG_MAX)).replace(/-+$/, '');
  }
  if (slug === '') return 'service';
  if (RESERVED_SLUGS.includes(slug) || ID_SHAPE.test(slug)) return withSuffix(slug, 'service');
  return slug;
}

/** `base` with `-suffix`, shortened so the whole stays within SLUG_MAX. */
export function withSuffix(base: string, suffix: string | number): string {
  const tail = `-${suffix}`;
  return `${base.slice(0, SLUG_MAX - tail.length).replace(/-+$/, '')}${tail}`;
}

/** The public address of a service. A service saved before slugs existed (not yet migrated) keeps its id address. */
export function servicePath(service: { _id: string; slug?: string | undefined }): string {
  return `/service/${service.slug || service._id}`;
}
