// The Site screen's "Policies" section (docs/policies.md): the texts of /privacy, /terms, /refund-policy, /grievance
// and /disclaimer. An empty field shows the default written from the practitioner's name and e-mail; "Start from the
// default text" puts that default in the field to edit. The version and dates are the server's, shown here.
import { useWatch, type UseFormSetValue } from 'react-hook-form';
import { formatDayDate } from '../../../shared/format';
import { defaultPolicyText, POLICY_KINDS, POLICY_PAGES, type PolicyKind } from '../../../shared/policies';
import { Field } from '../../components/Field';
import { FormSection } from '../../components/FormSection';
import { fieldProps } from '../../forms/field-wiring';
import { errorAt, type EditorProps } from './site-editor';
import type { SiteFormState } from './site-form-model';

const WHAT_EACH_SAYS: Record<PolicyKind, string> = {
  privacy: 'What you collect, why, who else sees it, how long you keep it, and how people use their rights.',
  terms: 'The terms of your sessions, bookings and payments.',
  refund:
    'When a cancelled session is refunded, and how refunds are paid. Keep it in step with the cancellation policy in Availability.',
  grievance: 'Who handles complaints and how soon you answer.',
  disclaimer: 'That your sessions are not medical, legal or financial advice.',
};

function PolicyField({
  kind,
  register,
  control,
  errors,
  setValue,
}: EditorProps & { kind: PolicyKind; setValue: UseFormSetValue<SiteFormState> }) {
  const id = `site-policy-${kind}`;
  const path = `policies.${kind}` as const;
  const text = useWatch({ control, name: path }) ?? '';
  const updated = useWatch({ control, name: `policies.updated.${kind}` });
  const identity = useWatch({ control, name: 'identity' });
  const email = useWatch({ control, name: 'contact.email' }) ?? '';
  const page = POLICY_PAGES[kind];
  const error = errorAt(errors, path);
  const fillDefault = () =>
    setValue(
      path,
      defaultPolicyText(kind, {
        identity: { siteName: identity?.siteName ?? '', practitionerName: identity?.practitionerName ?? '' },
        contact: { email },
      }),
      { shouldDirty: true },
    );
  const hint = (
    <>
      {WHAT_EACH_SAYS[kind]} Shown at {page.path}
      {updated ? `, last updated ${formatDayDate(updated)}` : ''}.{' '}
      {text.trim() === ''
        ? 'Empty: the site shows the default text, written from your name and e-mail.'
        : 'Clear the field to go back to the default text.'}
    </>
  );
  return (
    <div className="span-2 policy-field">
      <Field id={id} label={page.title} error={error} hint={hint}>
        <textarea {...register(path)} {...fieldProps(id, error, true)} className="input" rows={text ? 10 : 3} />
      </Field>
      {text.trim() === '' ? (
        <button type="button" className="button button-secondary button-sm" onClick={fillDefault}>
          Start from the default text<span className="visually-hidden"> of the {page.title}</span>
        </button>
      ) : null}
    </div>
  );
}

export function PoliciesSection(props: EditorProps & { setValue: UseFormSetValue<SiteFormState> }) {
  const version = useWatch({ control: props.control, name: 'policies.version' });
  return (
    <FormSection
      title="Policies"
      lead={`The pages a payment provider and India’s data protection law ask for, linked from every page’s footer. Leave an empty line between paragraphs; a short line on its own becomes a heading. Policy version ${version ?? 1}: it goes up by itself when you save a change to any of them, and what visitors agree to is recorded with its version.`}
    >
      {POLICY_KINDS.map((kind) => (
        <PolicyField key={kind} kind={kind} {...props} />
      ))}
    </FormSection>
  );
}
