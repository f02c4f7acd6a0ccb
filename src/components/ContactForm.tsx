// The contact form (docs/product-rules.md: "Validation", "Errors"). It validates with the same zod schema the API re-checks with, posts
// JSON to /api/contact/send, and shows the spec's success text (clearing the form, focusing the notice so it is in
// view and read out) or the server's message. Until the island hydrates, the same markup is a plain HTML form that
// the browser posts to /api/contact/form with its own validation (docs/public-site.md).
// The fields are uncontrolled on purpose: the island wakes on the visitor's first touch, so they are usually typing
// while it loads. Controlled fields were rendered empty at hydration and wiped those first characters; with
// uncontrolled ones the browser keeps what is in the fields, and Send reads them (docs/public-site.md, "Hydration").
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { API_TIMEOUT_MS, CONTACT_SUBJECTS } from '../shared/constants';
import type * as ContactSchemas from '../shared/schemas/contact';
import '../styles/contact-form.css';
import { useHydrated } from './island-hooks';
import ConsentCheckbox from './ConsentCheckbox';
import { FormField, PERSON_INPUTS } from './FormField';

type Field = 'name' | 'email' | 'phone' | 'subject' | 'message' | 'consent';
type Values = Record<Field, string>;
type Status = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent' } | { kind: 'failed'; message: string };

export const SUCCESS_MESSAGE = 'Thank you for your message! I will get back to you soon.';
export const FAILURE_MESSAGE = 'Failed to send message. Please try again.';
const FIELD_ORDER: Field[] = ['name', 'email', 'phone', 'subject', 'message', 'consent'];

/**
 * The shared schema, loaded when the visitor first turns to the form rather than with the page: zod's classic API
 * is about 25 KB gzip on its own, which with React would put the page over its 80 KB script budget. By the time
 * anyone presses Send, it has long arrived.
 */
let schemaPromise: Promise<typeof ContactSchemas> | undefined;
const loadSchema = () => (schemaPromise ??= import('../shared/schemas/contact'));

/** The server's message when the reply carries one, else the spec's fallback. */
async function failureMessage(response: Response): Promise<string> {
  try {
    const body: unknown = await response.json();
    if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' && body.message) {
      return body.message;
    }
  } catch {
    // Not JSON (a proxy error page): fall through to the fallback text.
  }
  return FAILURE_MESSAGE;
}

interface Props {
  /** The subjects the practitioner offers (site settings, docs/site-settings.md); the API checks against the same list. */
  subjects?: readonly string[];
}

export default function ContactForm({ subjects = CONTACT_SUBJECTS }: Props) {
  // False until hydrated: till then the browser validates and posts the plain HTML form.
  const hydrated = useHydrated();
  const sentRef = useRef<HTMLParagraphElement | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const formRef = useRef<HTMLFormElement | null>(null);
  const uid = useId();
  const idOf = (field: Field) => `${uid}-${field}`;

  // The cleared form is shorter than the filled one: on a phone the notice would land out of view. Focus brings it
  // into view and has it read out (it is also a live region).
  useEffect(() => {
    if (status.kind === 'sent') sentRef.current?.focus();
  }, [status.kind]);

  const update = (field: Field) => () => {
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
    if (status.kind === 'sent' || status.kind === 'failed') setStatus({ kind: 'idle' });
  };

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status.kind === 'sending') return;
    let schemas;
    try {
      schemas = await loadSchema();
    } catch {
      // The chunk could not be fetched (offline, or a new deploy replaced it): a later attempt loads it afresh.
      schemaPromise = undefined;
      setStatus({ kind: 'failed', message: FAILURE_MESSAGE });
      return;
    }
    const form = formRef.current;
    if (!form) return;
    const data = new FormData(form);
    // Every field is a text control, so each entry is a string (a File only comes from a file input).
    const text = (name: string) => {
      const value = data.get(name);
      return typeof value === 'string' ? value : '';
    };
    const values = Object.fromEntries(FIELD_ORDER.map((field) => [field, text(field)])) as Values;
    // Honeypot: people never see or fill it; form-filling bots usually do, and the server then quietly drops the
    // message.
    const trap = text('website');
    const parsed = schemas.ContactMessageInputSchema.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (typeof field === 'string' && FIELD_ORDER.includes(field as Field) && !next[field as Field]) {
          next[field as Field] = issue.message;
        }
      }
      setErrors(next);
      setStatus({ kind: 'idle' });
      const first = FIELD_ORDER.find((field) => next[field]);
      if (first) formRef.current?.querySelector<HTMLElement>(`#${CSS.escape(idOf(first))}`)?.focus();
      return;
    }

    setErrors({});
    setStatus({ kind: 'sending' });
    try {
      const response = await fetch('/api/contact/send', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ ...parsed.data, ...(trap ? { [schemas.CONTACT_HONEYPOT_FIELD]: trap } : {}) }),
        signal: AbortSignal.timeout(API_TIMEOUT_MS),
      });
      if (!response.ok) {
        setStatus({ kind: 'failed', message: await failureMessage(response) });
        return;
      }
      const body: unknown = await response.json().catch(() => null);
      if (body && typeof body === 'object' && 'success' in body && body.success === true) {
        form.reset();
        setStatus({ kind: 'sent' });
      } else {
        setStatus({
          kind: 'failed',
          message:
            body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' && body.message
              ? body.message
              : FAILURE_MESSAGE,
        });
      }
    } catch {
      setStatus({ kind: 'failed', message: FAILURE_MESSAGE });
    }
  };

  const fieldProps = (field: Field) => ({
    id: idOf(field),
    name: field,
    defaultValue: '',
    onChange: update(field),
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${idOf(field)}-error` : undefined,
  });

  return (
    <form
      ref={formRef}
      className="contact-form"
      method="post"
      action="/api/contact/form"
      // The browser's own checks (required, type=email) guard the plain form; the island shows its own messages.
      noValidate={hydrated}
      onSubmit={(event) => void onSubmit(event)}
      onFocus={() => void loadSchema().catch(() => (schemaPromise = undefined))}
      onPointerEnter={() => void loadSchema().catch(() => (schemaPromise = undefined))}
    >
      <div className="contact-form__grid">
        {PERSON_INPUTS.map(({ field, label, type, autoComplete, required, maxLength }) => (
          <FormField key={field} id={idOf(field)} label={label} required={required} error={errors[field]}>
            <input
              type={type}
              autoComplete={autoComplete}
              required={required}
              maxLength={maxLength}
              {...fieldProps(field)}
            />
          </FormField>
        ))}
        <FormField id={idOf('subject')} label="Subject" required error={errors.subject}>
          <select required {...fieldProps('subject')}>
            <option value="">Select a subject</option>
            {subjects.map((subject) => (
              <option key={subject} value={subject}>
                {subject}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id={idOf('message')} label="Message" required wide error={errors.message}>
          <textarea rows={6} required maxLength={5000} {...fieldProps('message')} />
        </FormField>
        {/* Consent is recorded with the message (time and policy version, docs/policies.md). */}
        <ConsentCheckbox id={idOf('consent')} error={errors.consent} onChange={update('consent')} />
      </div>

      <div className="contact-form__trap" aria-hidden="true">
        <label htmlFor={`${uid}-website`}>Leave this field empty</label>
        <input id={`${uid}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>

      <div className="contact-form__footer">
        <button className="btn btn--lg" type="submit" disabled={status.kind === 'sending'}>
          {status.kind === 'sending' ? 'Sending…' : 'Send Message'}
        </button>
        <div className="contact-form__status" role="status" aria-live="polite">
          {status.kind === 'sent' && (
            <p className="notice notice--success" tabIndex={-1} ref={sentRef} data-contact-sent>
              {SUCCESS_MESSAGE}
            </p>
          )}
        </div>
        <div role="alert">{status.kind === 'failed' && <p className="notice notice--error">{status.message}</p>}</div>
      </div>
    </form>
  );
}
