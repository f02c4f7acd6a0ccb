// The booking form (docs/bookings.md, "The visitor's flow"): name, e-mail, phone, the service's own questions, a
// note and one consent. It checks the shared BookingRequestSchema, the one POST /api/bookings checks again, loaded
// when the form first appears (zod and libphonenumber stay out of the page's first load). The values live in the
// island above, so going back to the times or a refused request never clears them.
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import type * as BookingSchemas from '../../shared/schemas/booking';
import ConsentCheckbox from '../ConsentCheckbox';
import { FormField, PERSON_INPUTS } from '../FormField';

export interface IntakeQuestionView {
  id: string;
  question: string;
  required: boolean;
}

export interface Details {
  name: string;
  email: string;
  phone: string;
  note: string;
  answers: Record<string, string>;
  consent: boolean;
}

export const EMPTY_DETAILS = (questions: readonly IntakeQuestionView[]): Details => ({
  name: '',
  email: '',
  phone: '',
  note: '',
  answers: Object.fromEntries(questions.map((q) => [q.id, ''])),
  consent: false,
});

let schemaPromise: Promise<typeof BookingSchemas> | undefined;
const loadSchema = () =>
  (schemaPromise ??= import('../../shared/schemas/booking').catch((error: unknown) => {
    schemaPromise = undefined;
    throw error;
  }));

interface Props {
  serviceId: string;
  start: string;
  questions: readonly IntakeQuestionView[];
  values: Details;
  onChange: (values: Details) => void;
  refundRule: string;
  /** 'Continue to pay ₹2,500' or 'Book this time'. */
  submitLabel: string;
  /** Sends the request; resolves with field errors (`_` for the whole form) or null when the island moved on. */
  onSubmit: (request: BookingSchemas.BookingRequest) => Promise<Record<string, string> | null>;
}

const FIELD_ORDER = PERSON_INPUTS.map((input) => input.field);

export default function DetailsForm({
  serviceId,
  start,
  questions,
  values,
  onChange,
  refundRule,
  submitLabel,
  onSubmit,
}: Props) {
  const uid = useId();
  const formRef = useRef<HTMLFormElement | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const idOf = (key: string) => `${uid}-${key}`;
  // Starts the schema's download as the form appears.
  useEffect(() => void loadSchema().catch(() => undefined), []);

  const set = <K extends keyof Details>(key: K, value: Details[K], errorKey: string = key) => {
    onChange({ ...values, [key]: value });
    if (errors[errorKey] || errors['_']) setErrors(({ [errorKey]: _drop, _: _whole, ...rest }) => rest);
  };

  const focusFirst = (found: Record<string, string>) => {
    const order = [...FIELD_ORDER, ...questions.map((q) => `answer-${q.id}`), 'note', 'consent'];
    const first = order.find((key) => found[key]);
    if (first) formRef.current?.querySelector<HTMLElement>(`#${CSS.escape(idOf(first))}`)?.focus();
  };

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    let schemas: typeof BookingSchemas;
    try {
      schemas = await loadSchema();
    } catch {
      setErrors({ _: 'I could not reach the site. Please check your connection and try again.' });
      return;
    }
    const request = {
      serviceId,
      start,
      name: values.name,
      email: values.email,
      phone: values.phone,
      note: values.note,
      answers: questions.map((q) => ({ questionId: q.id, answer: values.answers[q.id] ?? '' })),
      consent: values.consent,
    };
    const found: Record<string, string> = {};
    const parsed = schemas.BookingRequestSchema.safeParse(request);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const [head, index] = issue.path;
        const key =
          head === 'answers' && typeof index === 'number' ? `answer-${questions[index]?.id ?? ''}` : String(head);
        found[key] ??= issue.message;
      }
    }
    for (const q of questions) {
      if (q.required && (values.answers[q.id] ?? '').trim() === '') {
        found[`answer-${q.id}`] ??= schemas.BOOKING_MESSAGES.answer;
      }
    }
    if (Object.keys(found).length > 0 || !parsed.success) {
      setErrors(found);
      focusFirst(found);
      return;
    }
    setErrors({});
    setSending(true);
    const refused = await onSubmit(parsed.data);
    setSending(false);
    if (refused) {
      const mapped: Record<string, string> = {};
      for (const [key, message] of Object.entries(refused)) {
        const answer = /^answers\.(\d+)/.exec(key);
        mapped[answer ? `answer-${questions[Number(answer[1])]?.id ?? ''}` : key] ??= message;
      }
      setErrors(mapped);
      focusFirst(mapped);
    }
  };

  const described = (key: string) => ({
    'aria-invalid': errors[key] ? true : undefined,
    'aria-describedby': errors[key] ? `${idOf(key)}-error` : undefined,
  });

  return (
    <form ref={formRef} className="book-form" noValidate onSubmit={(event) => void submit(event)}>
      <div className="contact-form__grid">
        {PERSON_INPUTS.map(({ field, label, type, autoComplete, required, maxLength }) => (
          <FormField key={field} id={idOf(field)} label={label} required={required} error={errors[field]}>
            <input
              id={idOf(field)}
              type={type}
              autoComplete={autoComplete}
              maxLength={maxLength}
              value={values[field]}
              onChange={(e) => set(field, e.target.value)}
              {...described(field)}
            />
          </FormField>
        ))}
        {questions.map((q) => (
          <div key={q.id} className="field--wide">
            <FormField
              id={idOf(`answer-${q.id}`)}
              label={q.question}
              required={q.required}
              error={errors[`answer-${q.id}`]}
            >
              <textarea
                id={idOf(`answer-${q.id}`)}
                rows={3}
                maxLength={2000}
                value={values.answers[q.id] ?? ''}
                onChange={(e) => set('answers', { ...values.answers, [q.id]: e.target.value }, `answer-${q.id}`)}
                {...described(`answer-${q.id}`)}
              />
            </FormField>
          </div>
        ))}
        <div className="field--wide">
          <FormField id={idOf('note')} label="Anything I should know" required={false} error={errors['note']}>
            <textarea
              id={idOf('note')}
              rows={3}
              maxLength={2000}
              value={values.note}
              onChange={(e) => set('note', e.target.value)}
              {...described('note')}
            />
          </FormField>
        </div>
      </div>

      <div className="book-form__policy">
        <h4 className="book-form__policy-title">Cancelling</h4>
        <p>{refundRule}</p>
      </div>

      <ConsentCheckbox
        id={idOf('consent')}
        name="consent"
        checked={values.consent}
        onChange={(checked) => set('consent', checked)}
        error={errors['consent']}
      >
        <a href="/privacy" target="_blank" rel="noopener">
          privacy notice
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>{' '}
        and the{' '}
        <a href="/refund-policy" target="_blank" rel="noopener">
          cancellation and refund policy
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </ConsentCheckbox>

      <div className="contact-form__footer">
        <button className="btn btn--lg" type="submit" disabled={sending}>
          {sending ? 'Booking…' : submitLabel}
        </button>
        <div role="alert">{errors['_'] && <p className="notice notice--error">{errors['_']}</p>}</div>
      </div>
    </form>
  );
}
