import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  TESTIMONIAL_HOME_MAX,
  TestimonialInputSchema,
  type TestimonialInput,
  type TestimonialRecord,
} from '../../../shared/schemas/testimonial';
import { FieldInput, FieldSelect, FieldTextArea } from '../../components/FieldInputs';
import { FormModal } from '../../components/FormModal';
import { Switch } from '../../components/Switch';
import { showSaveFailure } from '../../forms/save-failure';
import { bindField } from '../../forms/field-wiring';
import { schemaResolver } from '../../forms/schema-resolver';
import { testimonialsApi } from './testimonials-api';
import { formDefaults, type TestimonialFormState } from './testimonial-model';

const resolver = schemaResolver<TestimonialFormState, TestimonialInput>(TestimonialInputSchema);

/** Add or edit one testimonial, validated by the schema the API runs (src/shared/schemas/testimonial.ts). */
export function TestimonialModal({
  testimonial,
  services,
  onClose,
  onSaved,
}: {
  testimonial: TestimonialRecord | null;
  services: readonly { _id: string; name: string }[];
  onClose: () => void;
  onSaved: (saved: TestimonialRecord, created: boolean) => void;
}) {
  const form = useForm<TestimonialFormState, unknown, TestimonialInput>({
    resolver,
    defaultValues: formDefaults(testimonial),
  });
  const [error, setError] = useState<string | null>(null);

  const save = async (input: TestimonialInput) => {
    setError(null);
    try {
      const reply = await testimonialsApi.save(testimonial?._id ?? null, input);
      onSaved(reply.data, testimonial === null);
    } catch (failure) {
      showSaveFailure(failure, { fallback: 'The testimonial was not saved', notice: setError });
    }
  };

  // A service that was deleted since stays selectable under its id, so an edit does not silently drop it.
  const current = form.getValues('serviceId');
  const missing = current !== '' && !services.some((s) => s._id === current);

  return (
    <FormModal
      record={{ noun: 'Testimonial', create: 'Add', editing: testimonial !== null }}
      form={form}
      onValid={save}
      onClose={onClose}
      error={error}
    >
      <FieldInput
        id="testimonial-name"
        label="Client's first name or initials"
        required
        {...bindField(form, 'name')}
        hint="Only what the client agreed to show, e.g. “Meera” or “R. K.”"
        maxLength={60}
        autoComplete="off"
      />
      <FieldTextArea
        id="testimonial-text"
        label="Testimonial"
        required
        {...bindField(form, 'text')}
        rows={5}
        maxLength={1500}
      />
      <div className="form-grid">
        <FieldSelect id="testimonial-rating" label="Rating" {...bindField(form, 'rating')}>
          <option value="">No rating</option>
          {[5, 4, 3, 2, 1].map((n) => (
            <option key={n} value={String(n)}>
              {n} {n === 1 ? 'star' : 'stars'}
            </option>
          ))}
        </FieldSelect>
        <FieldInput id="testimonial-date" label="Date" required {...bindField(form, 'date')} type="date" />
      </div>
      <FieldSelect
        id="testimonial-service"
        label="Service"
        {...bindField(form, 'serviceId')}
        hint="Shown on that service's page and counted in its reviews. Leave as none for a general testimonial."
      >
        <option value="">None (general)</option>
        {services.map((s) => (
          <option key={s._id} value={s._id}>
            {s.name}
          </option>
        ))}
        {missing ? <option value={current}>(a deleted service)</option> : null}
      </FieldSelect>
      <Switch
        id="testimonial-visible"
        label="Show on the site"
        hint="Hidden testimonials stay here but appear nowhere on the site and do not count in the reviews."
        {...form.register('isVisible')}
      />
      <Switch
        id="testimonial-home"
        label="Feature on the home page"
        hint={`At most ${TESTIMONIAL_HOME_MAX}, shown in the order of this list.`}
        {...form.register('featuredOnHome')}
      />
    </FormModal>
  );
}
