// The Site screen's editable lists: lines of text (roles, specializations, subjects), the What I Offer cards and the
// footer's services. Each adds and removes entries in place (react-hook-form field arrays).
import { useFieldArray, useWatch } from 'react-hook-form';
import { OFFER_ICONS, SITE_SETTINGS_LIMITS } from '../../../shared/schemas/site-settings';
import { Field, FieldError } from '../../components/Field';
import { Icon } from '../../components/Icon';
import { Options } from '../../components/RequiredSelect';
import { AddRowButton, RemoveRowButton } from '../../components/RowButtons';
import { fieldProps } from '../../forms/field-wiring';
import { errorAt, type EditorProps } from './site-editor';

const ICON_LABELS: Record<(typeof OFFER_ICONS)[number], string> = {
  shield: 'Shield (safety)',
  eye: 'Eye (insight)',
  heart: 'Heart (care)',
};

export type ListName = 'about.roles' | 'home.specializations' | 'contact.subjects';

/** The Site screen's lists of text lines: their legend, how one entry is named, the add button and the most allowed. */
const TEXT_LISTS: Record<
  ListName,
  { legend: string; itemLabel: string; addLabel: string; max: number; hint?: string; keepOne?: boolean }
> = {
  'about.roles': {
    legend: 'Roles',
    itemLabel: 'Role',
    addLabel: 'Add role',
    max: SITE_SETTINGS_LIMITS.roles,
    hint: 'Shown as highlights in the About hero, e.g. “Akashic Reader Since 2023”.',
  },
  'home.specializations': {
    legend: 'What I work with',
    itemLabel: 'Specialization',
    addLabel: 'Add specialization',
    max: SITE_SETTINGS_LIMITS.specializations,
  },
  'contact.subjects': {
    legend: 'Contact form subjects',
    itemLabel: 'Subject',
    addLabel: 'Add subject',
    max: SITE_SETTINGS_LIMITS.subjects,
    // Removal only while more than one remains.
    keepOne: true,
    hint: 'The choices under “Subject” in the contact form.',
  },
};

export function TextList({ control, register, errors, name }: EditorProps & { name: ListName }) {
  const { legend, itemLabel, addLabel, max, hint, keepOne = false } = TEXT_LISTS[name];
  const { fields, append, remove } = useFieldArray({ control, name });
  const base = `site-${name.replace('.', '-')}`;
  const listError = errorAt(errors, `${name}.root`);
  return (
    <fieldset className="list-editor span-2" aria-describedby={listError ? `${base}-error` : undefined}>
      <legend className="field-label">{legend}</legend>
      {hint ? <p className="field-hint">{hint}</p> : null}
      {fields.map((field, index) => {
        const id = `${base}-${index}`;
        const error = errorAt(errors, `${name}.${index}.value`);
        const invalid = error ?? (index === 0 ? listError : undefined);
        return (
          <div key={field.id} className="list-row">
            <label htmlFor={id} className="visually-hidden">
              {itemLabel} {index + 1}
            </label>
            <input {...register(`${name}.${index}.value`)} {...fieldProps(id, invalid)} className="input" />
            {!keepOne || fields.length > 1 ? (
              <button type="button" className="icon-button icon-button-danger" onClick={() => remove(index)}>
                <Icon name="trash" />
                <span className="visually-hidden">
                  Remove {itemLabel.toLowerCase()} {index + 1}
                </span>
              </button>
            ) : null}
            <FieldError id={id} error={error} className="list-row-error" />
          </div>
        );
      })}
      <FieldError id={base} error={listError} />
      {fields.length < max ? <AddRowButton onClick={() => append({ value: '' })}>{addLabel}</AddRowButton> : null}
    </fieldset>
  );
}

export function OfferCards({ control, register, errors }: EditorProps) {
  const { fields, append, remove } = useFieldArray({ control, name: 'about.offers' });
  return (
    <fieldset className="list-editor span-2">
      <legend className="field-label">What I Offer (cards)</legend>
      {fields.map((field, index) => {
        const titleId = `site-offer-${index}-title`;
        const textId = `site-offer-${index}-text`;
        const iconId = `site-offer-${index}-icon`;
        const titleError = errorAt(errors, `about.offers.${index}.title`);
        const textError = errorAt(errors, `about.offers.${index}.text`);
        return (
          <div key={field.id} className="block">
            <div className="site-block-head">
              <Field id={titleId} label={`Card ${index + 1} title`} required error={titleError} className="site-grow">
                <input
                  {...register(`about.offers.${index}.title`)}
                  {...fieldProps(titleId, titleError)}
                  className="input"
                  aria-required="true"
                />
              </Field>
              <Field id={iconId} label="Icon">
                <select {...register(`about.offers.${index}.icon`)} id={iconId} className="input">
                  <Options values={OFFER_ICONS} labels={ICON_LABELS} />
                </select>
              </Field>
            </div>
            <Field id={textId} label={`Card ${index + 1} text`} required error={textError}>
              <textarea
                {...register(`about.offers.${index}.text`)}
                {...fieldProps(textId, textError)}
                className="input"
                rows={3}
                aria-required="true"
              />
            </Field>
            <RemoveRowButton onClick={() => remove(index)} row={index + 1}>
              Remove card
            </RemoveRowButton>
          </div>
        );
      })}
      {fields.length < SITE_SETTINGS_LIMITS.offers ? (
        <AddRowButton onClick={() => append({ title: '', text: '', icon: 'heart' })}>Add card</AddRowButton>
      ) : null}
    </fieldset>
  );
}

export function FooterServices({
  control,
  register,
  errors,
  services,
}: EditorProps & { services: { id: string; name: string; active: boolean }[] }) {
  const { fields, append, remove } = useFieldArray({ control, name: 'footer.serviceIds' });
  const chosen = useWatch({ control, name: 'footer.serviceIds' });
  const firstFree = services.find((s) => s.active && !chosen.some((item) => item.value === s.id));
  return (
    <fieldset className="list-editor span-2">
      <legend className="field-label">Our Services (footer)</legend>
      <p className="field-hint">
        Each links to its page. With none chosen, the footer lists four active services, featured first. Inactive
        services are left out of the footer.
      </p>
      {fields.map((field, index) => {
        const id = `site-footer-service-${index}`;
        const error = errorAt(errors, `footer.serviceIds.${index}.value`);
        return (
          <div key={field.id} className="list-row">
            <label htmlFor={id} className="visually-hidden">
              Footer service {index + 1}
            </label>
            <select {...register(`footer.serviceIds.${index}.value`)} {...fieldProps(id, error)} className="input">
              {services.map((service) => (
                <option key={service.id} value={service.id}>
                  {service.active ? service.name : `${service.name} (inactive)`}
                </option>
              ))}
              {services.some((s) => s.id === field.value) ? null : (
                <option value={field.value}>A deleted service</option>
              )}
            </select>
            <button type="button" className="icon-button icon-button-danger" onClick={() => remove(index)}>
              <Icon name="trash" />
              <span className="visually-hidden">Remove footer service {index + 1}</span>
            </button>
            <FieldError id={id} error={error} className="list-row-error" />
          </div>
        );
      })}
      {fields.length < SITE_SETTINGS_LIMITS.footerServices && firstFree ? (
        <AddRowButton onClick={() => append({ value: firstFree.id })}>Add service</AddRowButton>
      ) : null}
    </fieldset>
  );
}
