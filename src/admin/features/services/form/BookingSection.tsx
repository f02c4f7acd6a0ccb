// How visitors book a service (docs/admin.md, "Booking fields"): through the practitioner's own booking link, or on
// this site with a session length and the practitioner's intake questions. The public page's use of the mode is the
// booking flow's (docs/bookings.md).
import { useWatch } from 'react-hook-form';
import { SESSION_MINUTES } from '../../../../shared/schemas/service';
import { FieldError } from '../../../components/Field';
import { FieldInput } from '../../../components/FieldInputs';
import { FormSection } from '../../../components/FormSection';
import { bindField, completeUrlOnBlur } from '../../../forms/field-wiring';
import { IntakeEditor } from './IntakeEditor';
import type { ServiceForm } from './types';
import './booking-fields.css';

const MODES = [
  { value: 'link', label: 'Through my booking link' },
  { value: 'site', label: 'On this site' },
] as const;

export function BookingSection({ form }: { form: ServiceForm }) {
  const { register, control } = form;
  const { errors } = form.formState;
  const onSite = useWatch({ control, name: 'bookingMode' }) === 'site';
  const modeError = errors.bookingMode?.message;
  return (
    <FormSection title="Booking">
      <fieldset className="booking-modes span-2" {...(modeError ? { 'aria-describedby': 'svc-mode-error' } : {})}>
        <legend className="field-label">How visitors book</legend>
        {MODES.map((mode) => (
          <label key={mode.value} className="booking-mode">
            <input type="radio" value={mode.value} {...register('bookingMode')} />
            {mode.label}
          </label>
        ))}
        <FieldError id="svc-mode" error={modeError} />
      </fieldset>
      <FieldInput
        id="svc-booking"
        label="Booking Link"
        required={!onSite}
        {...bindField(form, 'bookingLink', completeUrlOnBlur(form, 'bookingLink'))}
        hint={
          onSite
            ? 'Optional while visitors book on this site.'
            : 'The page where clients book, e.g. https://calendly.com/…'
        }
        className="span-2"
        type="url"
        inputMode="url"
      />
      {/* Shown while booking on this site, and whenever it holds a mistake, so no error is ever out of sight. */}
      {onSite || errors.sessionMinutes ? (
        <FieldInput
          id="svc-session-minutes"
          label="Session length (minutes)"
          required={onSite}
          {...bindField(form, 'sessionMinutes')}
          hint="How long the session takes on your calendar, e.g. 60."
          type="number"
          inputMode="numeric"
          min={SESSION_MINUTES.min}
          max={SESSION_MINUTES.max}
          step={1}
        />
      ) : null}
      <IntakeEditor form={form} />
    </FormSection>
  );
}
