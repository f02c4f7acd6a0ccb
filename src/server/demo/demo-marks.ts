// How the portal recognises the demo items the seed created (docs/decisions/012-sample-content.md): by their seed
// text, so stores seeded before this existed need no migration, and an item whose name or summary the practitioner
// rewrote counts as theirs. Kept apart from demo-seed.ts, which draws pictures with sharp: the API function imports
// this and must stay small. demo-marks.test.ts checks the lists against what the seed writes.
import { DEMO_TESTIMONIALS } from './demo-testimonials';

/** Name and short description of each demo service. */
export const DEMO_SERVICE_MARKS: readonly { name: string; shortDescription: string }[] = [
  {
    name: 'Akashic Records Reading',
    shortDescription:
      'A calm, one-to-one reading of your soul’s records, for the questions that keep returning to you.',
  },
  {
    name: 'Tarot Reading: Love & Relationships',
    shortDescription:
      'A gentle tarot spread for matters of the heart: a new connection, a long partnership or an ending.',
  },
  {
    name: 'Karmic Healing Programme (3 sessions)',
    shortDescription:
      'Three sessions over three weeks to gently look at and release patterns that seem to follow you from the past.',
  },
  {
    name: 'Maha Kali Healing',
    shortDescription:
      'A distance healing session in the energy of Maha Kali, for when you feel heavy, fearful or ready to let something go.',
  },
  {
    name: 'Soul Purpose Reading',
    shortDescription:
      'For the times you ask “what am I here for?” A reading about your gifts, your path and your next step.',
  },
  {
    name: 'Akashic Mini Reading: Three Questions',
    shortDescription: 'A shorter reading for up to three questions: a kind first step into the Akashic Records.',
  },
  {
    name: 'Past Life Regression',
    shortDescription:
      'A guided, deeply relaxing journey to explore a past-life story that may shed light on your life today.',
  },
  {
    name: 'Energy Cleansing Session',
    shortDescription:
      'A short distance session to help you feel lighter after a draining time, a move or a difficult event.',
  },
  {
    name: 'Pendulum Dowsing: Quick Guidance',
    shortDescription: 'A short chat session for simple yes-or-no questions, answered with my pendulum.',
  },
  {
    name: 'Tarot by Email: One Question',
    shortDescription:
      'One question, a three-card spread, and a thoughtful written reply in your inbox within 48 hours.',
  },
  {
    name: 'Discovery Call',
    shortDescription:
      'A free 20-minute call to meet, talk about what you are looking for, and find the session that suits you.',
  },
];

/** Title and description of each demo banner. */
export const DEMO_BANNER_MARKS: readonly { title: string; description: string }[] = [
  {
    title: 'Find clarity in the Akashic Records',
    description: 'Gentle one-to-one readings, online from wherever you are.',
  },
  {
    title: 'Karmic Healing Programme',
    description: 'Three unhurried weeks to understand and release a pattern that keeps returning.',
  },
  {
    title: 'A safe space for your questions',
    description: 'Every reading begins with listening. Read a little about me and how I work.',
  },
];

const same = (a: string | undefined, b: string) => (a ?? '').trim() === b;

export function isDemoService(service: { name: string; shortDescription?: string }): boolean {
  return DEMO_SERVICE_MARKS.some(
    (mark) => same(service.name, mark.name) && same(service.shortDescription, mark.shortDescription),
  );
}

export function isDemoBanner(banner: { title: string; description?: string }): boolean {
  return DEMO_BANNER_MARKS.some((mark) => same(banner.title, mark.title) && same(banner.description, mark.description));
}

export function isDemoTestimonial(testimonial: { name: string; text: string }): boolean {
  return DEMO_TESTIMONIALS.some(
    (demo) => same(testimonial.name, demo.fields.name) && same(testimonial.text, demo.fields.text),
  );
}
