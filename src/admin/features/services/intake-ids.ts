// The ids of a service's intake questions (docs/admin.md, "Booking fields"). A booking keeps its answers under these
// ids, so a question keeps the id it was saved with when its text is edited; a new one gets an id made from its text.
import type { IntakeQuestion } from '../../../shared/schemas/service';
import { slugify } from '../../../shared/schemas/slug';

/** The id rule of IntakeQuestionSchema: lowercase letters, digits and hyphens, at most this long. */
const ID_MAX = 40;

function shorten(base: string, tail = ''): string {
  const room = ID_MAX - tail.length;
  const cut = base.length <= room ? base : base.slice(0, room).replace(/-[^-]*$/, '') || base.slice(0, room);
  return `${cut.replace(/-+$/, '')}${tail}`;
}

/** Every question with an id: its own when it has one, else one made from its text, unique within the list. */
export function withIntakeIds(questions: readonly IntakeQuestion[]): IntakeQuestion[] {
  const taken = new Set(questions.map((q) => q.id).filter((id) => id !== ''));
  return questions.map((q) => {
    if (q.id !== '') return q;
    // slugify turns text with no Latin letters or digits into "service"; a question is better named "question".
    const slug = q.question.trim() === '' ? 'question' : slugify(q.question);
    const base = shorten(slug === 'service' ? 'question' : slug);
    let id = base;
    for (let n = 2; taken.has(id); n += 1) id = shorten(base, `-${n}`);
    taken.add(id);
    return { ...q, id };
  });
}
