import { z } from 'zod';
import { optionalText } from './common';

// The site's policy pages (privacy notice, terms, refund and cancellation policy, grievance contact, disclaimer):
// a section of the site settings (docs/policies.md). Each text is the practitioner's own, or '' for the default the
// site writes from their name and contact details (src/shared/policies.ts). `version` and `updated` are kept by the
// server: a save that changes what any page says raises the version and dates that page (docs/policies.md).

export const POLICY_KINDS = ['privacy', 'terms', 'refund', 'grievance', 'disclaimer'] as const;
export type PolicyKind = (typeof POLICY_KINDS)[number];

export const POLICY_TEXT_MAX = 20_000;

/** A calendar date, YYYY-MM-DD. */
const DaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Must be a date (YYYY-MM-DD)' });

/** The date the default texts were written: their "Last updated" until the practitioner changes a page. */
export const POLICIES_FIRST_DAY = '2026-11-27';

const policyText = optionalText(POLICY_TEXT_MAX, `Must be at most ${POLICY_TEXT_MAX} characters`);

export const PoliciesSchema = z.object({
  privacy: policyText,
  terms: policyText,
  refund: policyText,
  grievance: policyText,
  disclaimer: policyText,
  /** Set by the server on save (a value sent in is ignored): raised whenever what a page says changes. */
  version: z.coerce.number().int().min(1).default(1),
  /** Set by the server on save: the day each page last changed. */
  updated: z
    .object({
      privacy: DaySchema,
      terms: DaySchema,
      refund: DaySchema,
      grievance: DaySchema,
      disclaimer: DaySchema,
    })
    .default({
      privacy: POLICIES_FIRST_DAY,
      terms: POLICIES_FIRST_DAY,
      refund: POLICIES_FIRST_DAY,
      grievance: POLICIES_FIRST_DAY,
      disclaimer: POLICIES_FIRST_DAY,
    }),
});
export type Policies = z.output<typeof PoliciesSchema>;

export const POLICIES_DEFAULTS: Policies = {
  privacy: '',
  terms: '',
  refund: '',
  grievance: '',
  disclaimer: '',
  version: 1,
  updated: {
    privacy: POLICIES_FIRST_DAY,
    terms: POLICIES_FIRST_DAY,
    refund: POLICIES_FIRST_DAY,
    grievance: POLICIES_FIRST_DAY,
    disclaimer: POLICIES_FIRST_DAY,
  },
};
