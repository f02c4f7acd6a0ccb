import { DELIVERY_METHODS, LIMITS } from '../../../../shared/constants';
import { SESSION_FORMAT_MAX } from '../../../../shared/schemas/service';
import { bindField } from '../../../forms/field-wiring';
import { FieldInput } from '../../../components/FieldInputs';
import { FormSection } from '../../../components/FormSection';
import { RequiredSelect } from '../../../components/RequiredSelect';
import { ZonedWindowFields, type ScheduleWindow } from '../../../components/schedule/ZonedWindowFields';
import type { ServiceFormState } from '../service-form-model';
import type { ServiceForm } from './types';

/** Both prices: amounts in rupees, decimals allowed, never below the minimum. */
const PRICE_INPUT = { type: 'number', inputMode: 'decimal', min: LIMITS.priceMin, step: 'any' } as const;

/** The session format: an optional note across the row, at most the schema's length. */
const FORMAT_INPUT = {
  hint: 'Optional. How the session reaches the client, e.g. Recorded and sent by e-mail within 48 hours.',
  className: 'span-2',
  maxLength: SESSION_FORMAT_MAX,
} as const;

/** The offer's window: the offer price shows only inside it. */
const OFFER_WINDOW: ScheduleWindow<ServiceFormState> = {
  start: ['svc-offer-start', 'offerStart', 'Offer starts'],
  end: ['svc-offer-end', 'offerEnd', 'Offer ends'],
  subject: 'the offer shows ',
};

/** Price, offer price, duration, delivery and session format; the booking link is in BookingSection. */
export function PricingSection({ form }: { form: ServiceForm }) {
  return (
    <FormSection title="Pricing & Duration">
      <FieldInput id="svc-price" label="Regular Price (₹)" required {...bindField(form, 'price')} {...PRICE_INPUT} />
      <FieldInput
        id="svc-offer"
        label="Offer Price (₹)"
        {...bindField(form, 'offerPrice')}
        hint="Optional. Shown in green with the regular price struck through."
        {...PRICE_INPUT}
      />
      {/* The offer's window (docs/schedules.md): the site shows the offer price only between these. */}
      <ZonedWindowFields control={form.control} schedule={OFFER_WINDOW} />
      <FieldInput
        id="svc-duration"
        label="Duration"
        required
        {...bindField(form, 'duration')}
        hint="For example: 45 minutes"
      />
      <RequiredSelect
        id="svc-delivery"
        label="Delivery Method"
        {...bindField(form, 'deliveryMethod')}
        options={DELIVERY_METHODS}
      />
      <FieldInput
        id="svc-session-format"
        label="Session Format"
        {...bindField(form, 'sessionFormat')}
        {...FORMAT_INPUT}
      />
    </FormSection>
  );
}
