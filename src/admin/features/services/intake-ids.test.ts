import { describe, expect, it } from 'vitest';
import { IntakeQuestionSchema } from '../../../shared/schemas/service';
import { storedService } from '../../../../tests/support/factories';
import { emptyServiceForm, formToInput, serviceToForm } from './service-form-model';
import { withIntakeIds } from './intake-ids';

const q = (question: string, id = '', required = false) => ({ id, question, required });

describe('intake question ids (docs/admin.md, "Booking fields")', () => {
  it('makes a new question an id from its text', () => {
    expect(withIntakeIds([q('What would you like to ask?')])).toEqual([
      q('What would you like to ask?', 'what-would-you-like-to-ask'),
    ]);
  });

  it('keeps the saved id when the text is edited', () => {
    expect(withIntakeIds([q('Your date of birth, please', 'date-of-birth', true)])).toEqual([
      q('Your date of birth, please', 'date-of-birth', true),
    ]);
  });

  it('gives the same text twice two ids, and never takes one already saved', () => {
    const ids = withIntakeIds([q('Your question', 'your-question'), q('Your question'), q('Your question')]).map(
      (x) => x.id,
    );
    expect(ids).toEqual(['your-question', 'your-question-2', 'your-question-3']);
  });

  it('always passes the schema: long text is cut at a word, text without Latin letters is "question"', () => {
    const made = withIntakeIds([q('Please describe '.repeat(10)), q('आपका प्रश्न क्या है?'), q('आप कहाँ से हैं?')]);
    expect(made.map((x) => x.id)).toEqual(['please-describe-please-describe-please', 'question', 'question-2']);
    for (const entry of made) expect(IntakeQuestionSchema.safeParse(entry).success).toBe(true);
  });
});

describe('service form model, booking fields', () => {
  it('books by link when the record has no mode, with no questions and no session length', () => {
    const form = serviceToForm(storedService());
    expect(form.bookingMode).toBe('link');
    expect(form.intakeQuestions).toEqual([]);
    expect(form.sessionMinutes).toBe('');
    expect(emptyServiceForm().bookingMode).toBe('link');
  });

  it('sends the questions with ids, keeping saved ones', () => {
    const form = serviceToForm(
      storedService({
        bookingMode: 'site',
        sessionMinutes: 60,
        intakeQuestions: [q('Birth date?', 'birth-date', true)],
      }),
    );
    expect(form.sessionMinutes).toBe('60');
    form.intakeQuestions.push(q('Anything else?'));
    expect(formToInput(form).intakeQuestions).toEqual([
      q('Birth date?', 'birth-date', true),
      q('Anything else?', 'anything-else'),
    ]);
  });
});
