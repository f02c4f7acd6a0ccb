import type { UseFormReturn } from 'react-hook-form';
import { DELIVERY_METHODS, LIMITS } from '../../../../shared/constants';
import { completeUrl } from '../../../../shared/complete-url';
import type { ServiceInput } from '../../../../shared/schemas/service';
import { Field } from '../../../components/Field';
import { FormSection } from '../../../components/FormSection';
import { RequiredSelect } from '../../../components/RequiredSelect';
import { fieldProps } from '../../../forms';
import type { ServiceFormState } from '../service-form-model';

/** Price, offer price, duration, delivery and the booking link. */
export function PricingSection({ form }: { form: UseFormReturn<ServiceFormState, unknown, ServiceInput> }) {
  const { register, setValue } = form;
  const { errors } = form.formState;
  const bookingLink = register('bookingLink', {
    // A link typed without https:// is completed as soon as the field is left.
    onBlur: (event: { target: { value: string } }) => {
      const completed = completeUrl(event.target.value);
      if (completed !== event.target.value) setValue('bookingLink', completed, { shouldDirty: true });
    },
  });
  return (
    <FormSection title="Pricing & Duration">
      <Field id="svc-price" label="Regular Price (₹)" required error={errors.price?.message}>
        <input
          {...register('price')}
          {...fieldProps('svc-price', errors.price?.message)}
          className="input"
          type="number"
          inputMode="decimal"
          min={LIMITS.priceMin}
          step="any"
          aria-required="true"
        />
      </Field>
      <Field
        id="svc-offer"
        label="Offer Price (₹)"
        error={errors.offerPrice?.message}
        hint="Optional. Shown in green with the regular price struck through."
      >
        <input
          {...register('offerPrice')}
          {...fieldProps('svc-offer', errors.offerPrice?.message, true)}
          className="input"
          type="number"
          inputMode="decimal"
          min={LIMITS.priceMin}
          step="any"
        />
      </Field>
      <Field
        id="svc-duration"
        label="Duration"
        required
        error={errors.duration?.message}
        hint="For example: 45 minutes"
      >
        <input
          {...register('duration')}
          {...fieldProps('svc-duration', errors.duration?.message, true)}
          className="input"
          aria-required="true"
        />
      </Field>
      <RequiredSelect
        id="svc-delivery"
        label="Delivery Method"
        registration={register('deliveryMethod')}
        error={errors.deliveryMethod?.message}
        options={DELIVERY_METHODS}
      />
      <Field
        id="svc-booking"
        label="Booking Link"
        required
        error={errors.bookingLink?.message}
        hint="The page where clients book, e.g. https://calendly.com/…"
        className="span-2"
      >
        <input
          {...bookingLink}
          {...fieldProps('svc-booking', errors.bookingLink?.message, true)}
          className="input"
          type="url"
          inputMode="url"
          aria-required="true"
        />
      </Field>
    </FormSection>
  );
}
