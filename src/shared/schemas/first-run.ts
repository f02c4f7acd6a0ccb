import { z } from 'zod';
import { IdSchema } from './common';

// The dashboard's first-run checklist (docs/admin.md, "First-run checklist"): each step is worked out from the
// stored data, never from clicks, so it ticks itself when the practitioner does the work anywhere in the portal.

export const FIRST_RUN_STEPS = ['profile', 'about', 'contact', 'service', 'samples'] as const;
export const FirstRunStepSchema = z.enum(FIRST_RUN_STEPS);
export type FirstRunStep = z.output<typeof FirstRunStepSchema>;

export const SampleCountsSchema = z.object({
  services: z.number().int(),
  banners: z.number().int(),
  /** Visible demo testimonials (removing the samples hides them: testimonials have no trash). */
  testimonials: z.number().int(),
});
export type SampleCounts = z.output<typeof SampleCountsSchema>;

export const FirstRunStatusSchema = z.object({
  steps: z.array(z.object({ id: FirstRunStepSchema, done: z.boolean() })),
  samples: SampleCountsSchema,
  /** Site settings fields that still hold the demo's text. */
  sampleTexts: z.number().int(),
});
export type FirstRunStatus = z.output<typeof FirstRunStatusSchema>;

/** What "Remove the sample content" moved (services and banners to the Trash, testimonials hidden); Undo sends it back. */
export const SampleRemovalSchema = z.object({
  services: z.array(IdSchema).max(200),
  banners: z.array(IdSchema).max(200),
  testimonials: z.array(IdSchema).max(200),
});
export type SampleRemoval = z.output<typeof SampleRemovalSchema>;

export const FIRST_RUN_MESSAGES = {
  removed: 'Sample content moved to the Trash',
  restored: 'Sample content restored',
  nothingLeft: 'There is no sample content left',
} as const;
