import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  useFieldArray,
  useForm,
  useWatch,
  type Control,
  type FieldErrors,
  type UseFormRegister,
  type UseFormRegisterReturn,
} from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import {
  DELIVERY_METHODS,
  LIMITS,
  SAVE_REDIRECT_DELAY_MS,
  SERVICE_CATEGORIES,
  UPLOAD_CHUNK_BYTES,
} from '../../../shared/constants';
import { completeUrl } from '../../../shared/complete-url';
import { IMAGE_REQUIRED_MESSAGE, REQUIRED_FIELDS_MESSAGE, type ServiceInput } from '../../../shared/schemas/service';
import { IMAGE_MAX_BYTES, IMAGE_TOO_LARGE_MESSAGE } from '../../../shared/schemas/upload';
import { ApiError, messageOr } from '../../api';
import { Alert, Loading, ProgressBar } from '../../components/Feedback';
import { showToast } from '../../components/Toasts';
import { withNamedRequired } from '../../field-messages';
import { IMAGE_ACCEPT, IMAGE_TYPE_MESSAGE, isAcceptedImage } from '../../file-types';
import { focusFirstInvalidSoon } from '../../focus-first-invalid';
import { confirmSaved, reportSaveFailure } from '../../save-notice';
import { useUnsavedChanges } from '../../use-unsaved-changes';
import { Field } from '../../components/Field';
import { Icon } from '../../components/Icon';
import { PageHeader } from '../../components/PageHeader';
import { services as servicesApi } from '../../endpoints';
import { fieldProps, firstErrorMessage } from '../../forms';
import { formatBytes, mediaSrc, useObjectUrl } from '../../media';
import { useDocumentTitle } from '../../shell/admin-context';
import { chunkedUpload } from '../../upload';
import {
  emptyServiceForm,
  inputToFormData,
  serviceResolver,
  serviceToForm,
  type ServiceFormState,
} from './service-form-model';
import '../../components/FormSection.css';
import '../../components/MediaPicker.css';
import '../../components/Switch.css';
import './services.css';
import { FeaturedLimitNote } from './FeaturedLimitNote';
import { PreviewButton } from './PreviewButton';

const FORM_FIELDS = new Set(Object.keys(emptyServiceForm()));
/** Server field errors name API fields; those that are also plain form fields are shown beside their input. */
function isTopLevelField(name: string): name is Exclude<keyof ServiceFormState, 'whatToExpected'> {
  return FORM_FIELDS.has(name) && name !== 'whatToExpected';
}

type Load = { state: 'loading' } | { state: 'ready'; image: string } | { state: 'failed' };

/** Under each field, its own name instead of the spec's summary text (which the top notice keeps). */
const resolver = withNamedRequired(serviceResolver, REQUIRED_FIELDS_MESSAGE, {
  name: 'Service name',
  description: 'Full description',
  price: 'Regular price',
  bookingLink: 'Booking link',
});

/** One form for create and edit; a new id remounts it, so no state leaks from one service to the next. */
export default function ServiceFormRoute() {
  const { id } = useParams();
  return <ServiceFormPage key={id ?? 'create'} id={id} />;
}

function ServiceFormPage({ id }: { id: string | undefined }) {
  const isEdit = id !== undefined;
  const navigate = useNavigate();
  const [load, setLoad] = useState<Load>(isEdit ? { state: 'loading' } : { state: 'ready', image: '' });
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [saved, setSaved] = useState(false);
  const redirectTimer = useRef(0);
  const formRef = useRef<HTMLFormElement>(null);
  useDocumentTitle(isEdit ? 'Edit Service' : 'Add Service');

  const form = useForm<ServiceFormState, unknown, ServiceInput>({
    resolver,
    defaultValues: emptyServiceForm(),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    // focusFirstInvalid picks the first field as shown (the image included) and scrolls it clear of the top bar.
    shouldFocusError: false,
  });
  const { register, control, formState, reset, handleSubmit, setError, setValue } = form;
  const { errors, isSubmitting, isDirty } = formState;
  const leavePrompt = useUnsavedChanges((isDirty || image !== null) && !saved);

  useEffect(() => {
    if (id === undefined) return;
    const controller = new AbortController();
    servicesApi
      .get(id, controller.signal)
      .then((reply) => {
        reset(serviceToForm(reply.data));
        setLoad({ state: 'ready', image: reply.data.image ?? '' });
      })
      .catch(() => {
        if (!controller.signal.aborted) setLoad({ state: 'failed' });
      });
    return () => controller.abort();
  }, [id, reset]);

  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  /**
   * A refused submit: the first invalid field as shown is brought into view and focused, and a notice below the top
   * bar keeps the spec's summary and names that field (docs/admin.md, "Save confirmations").
   */
  function showFirstProblem() {
    focusFirstInvalidSoon(
      () => formRef.current,
      (found) => {
        const named = found?.message ?? null;
        const missing = named !== null && (named.endsWith(' is required') || named === IMAGE_REQUIRED_MESSAGE);
        showToast({
          tone: 'error',
          title: missing ? REQUIRED_FIELDS_MESSAGE : 'Please check the marked field',
          ...(named ? { detail: named } : {}),
        });
      },
    );
  }

  const onValid = async (input: ServiceInput) => {
    if (!isEdit && !image) {
      setImageError(IMAGE_REQUIRED_MESSAGE);
      showFirstProblem();
      return;
    }
    try {
      const body = inputToFormData(input);
      if (image) {
        if (image.size > UPLOAD_CHUNK_BYTES) {
          // Larger than one request may carry: upload it in chunks first, then send its address.
          const media = await chunkedUpload(image, {
            purpose: 'service',
            onProgress: (p) => setProgress(p.percent),
          });
          body.set('image', media.mediaUrl);
        } else {
          body.set('image', image, image.name);
        }
      }
      await servicesApi.save(id ?? null, body, (loaded, total) =>
        setProgress(total > 0 ? Math.floor((loaded / total) * 100) : null),
      );
      setProgress(null);
      setSaved(true);
      // Shown in the notices region, which stays on screen across the move to the dashboard.
      confirmSaved(
        isEdit ? 'Service updated successfully!' : 'Service created successfully!',
        input.name,
        input.isActive,
      );
      redirectTimer.current = window.setTimeout(() => void navigate('/dashboard'), SAVE_REDIRECT_DELAY_MS);
    } catch (error) {
      setProgress(null);
      let fieldErrors = false;
      if (error instanceof ApiError) {
        for (const [field, message] of Object.entries(error.errors)) {
          if (field === 'image') setImageError(message);
          else if (isTopLevelField(field)) setError(field, { message });
          else continue;
          fieldErrors = true;
        }
      }
      // A 401 opens the sign-in dialog over the form, which says what happened and keeps the entries.
      if (!(error instanceof ApiError && error.status === 401)) {
        reportSaveFailure(messageOr(error, isEdit ? 'Failed to update service' : 'Failed to create service'));
      }
      if (fieldErrors) focusFirstInvalidSoon(() => formRef.current);
    }
  };
  const onInvalid = () => {
    if (!isEdit && !image) setImageError(IMAGE_REQUIRED_MESSAGE);
    showFirstProblem();
  };

  if (load.state === 'loading') return <Loading label="Loading service…" />;
  if (load.state === 'failed') {
    return (
      <div className="page page-narrow">
        <Alert tone="error">Failed to load service data</Alert>
        <Link to="/services" className="button button-ghost">
          Back to All Services
        </Link>
      </div>
    );
  }

  const busy = isSubmitting || saved;
  const bookingLink = register('bookingLink', {
    // A link typed without https:// is completed as soon as the field is left.
    onBlur: (event: { target: { value: string } }) => {
      const completed = completeUrl(event.target.value);
      if (completed !== event.target.value) setValue('bookingLink', completed, { shouldDirty: true });
    },
  });

  return (
    <div className="page page-form">
      <PageHeader
        title={isEdit ? 'Edit Service' : 'Add New Service'}
        lead={
          <>
            Fields marked <span className="required">*</span> are required.
          </>
        }
      />

      {leavePrompt}

      <form
        ref={formRef}
        className="service-form"
        noValidate
        onSubmit={(event) => void handleSubmit(onValid, onInvalid)(event)}
      >
        <FormSection title="Basic Information">
          <Field id="svc-name" label="Service Name" required error={errors.name?.message}>
            <input
              {...register('name')}
              {...fieldProps('svc-name', errors.name?.message)}
              className="input"
              aria-required="true"
            />
          </Field>
          <RequiredSelect
            id="svc-category"
            label="Category"
            registration={register('category')}
            error={errors.category?.message}
            options={SERVICE_CATEGORIES}
          />
          <ShortDescription control={control} register={register} error={errors.shortDescription?.message} />
          <Field
            id="svc-description"
            label="Full Description"
            required
            error={errors.description?.message}
            className="span-2"
          >
            <textarea
              {...register('description')}
              {...fieldProps('svc-description', errors.description?.message)}
              className="input"
              rows={6}
              aria-required="true"
            />
          </Field>
        </FormSection>

        <FormSection title="Detailed Service Information">
          <NoteTextArea
            id="svc-what"
            label="What is this service?"
            registration={register('whatIsThis')}
            error={errors.whatIsThis?.message}
            className="span-2"
          />
          <NoteTextArea
            id="svc-process"
            label="How It Works"
            registration={register('processDescription')}
            error={errors.processDescription?.message}
            className="span-2"
          />
          <NoteTextArea
            id="svc-preparation"
            label="Preparation"
            registration={register('preparation')}
            error={errors.preparation?.message}
          />
          <NoteTextArea
            id="svc-aftercare"
            label="After Care"
            registration={register('afterCare')}
            error={errors.afterCare?.message}
          />
          <AskedEditor control={control} register={register} errors={errors} />
          <FaqEditor control={control} register={register} errors={errors} />
          <TextListEditor
            control={control}
            register={register}
            errors={errors}
            name="prerequisites"
            legend="Prerequisites"
            itemLabel="Prerequisite"
            addLabel="Add Prerequisite"
            keepOne={false}
          />
          <TagsEditor control={control} errors={errors} />
        </FormSection>

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

        <FormSection title="Service Image">
          <ImagePicker
            file={image}
            existing={load.image}
            required={!isEdit}
            error={imageError}
            onChange={(file, error) => {
              setImage(file);
              setImageError(error);
              if (error) showToast({ tone: 'error', title: error, detail: 'The file was not added.' });
            }}
          />
          <Field
            id="svc-image-alt"
            label="Image Alt Text"
            error={errors.imageAlt?.message}
            hint="What the picture shows, for people who cannot see it. Left empty, the service name is used."
            className="span-2"
          >
            <input
              {...register('imageAlt')}
              {...fieldProps('svc-image-alt', errors.imageAlt?.message, true)}
              className="input"
              maxLength={LIMITS.imageAlt}
            />
          </Field>
        </FormSection>

        <FormSection title="Benefits">
          <TextListEditor
            control={control}
            register={register}
            errors={errors}
            name="benefits"
            legend="Benefits"
            itemLabel="Benefit"
            addLabel="Add Benefit"
            keepOne
            hideLegend
          />
        </FormSection>

        <FormSection title="Note">
          <NoteField control={control} register={register} error={errors.note?.message} />
        </FormSection>

        <FormSection title="Availability">
          <Field id="svc-availability" label="Availability" error={errors.availability?.message} className="span-2">
            <input
              {...register('availability')}
              {...fieldProps('svc-availability', errors.availability?.message)}
              className="input"
            />
          </Field>
        </FormSection>

        <FormSection title="Status">
          <Switch id="svc-active" label="Active" hint="Shown on the public site" {...register('isActive')} />
          <Switch
            id="svc-featured"
            label="Featured"
            hint="Shown in the home page carousel"
            {...register('isFeatured')}
          />
          <FeaturedLimitNote control={control} serviceId={id} />
        </FormSection>

        {progress !== null ? <ProgressBar percent={progress} label="Uploading image" /> : null}

        <div className="form-actions">
          <Link to="/dashboard" className="button button-ghost" aria-disabled={busy || undefined}>
            Cancel
          </Link>
          <PreviewButton getValues={form.getValues} image={image} currentImage={load.image} serviceId={id} />
          <button type="submit" className="button button-primary" disabled={busy}>
            {isSubmitting ? <span className="spinner spinner-sm" aria-hidden="true" /> : null}
            {isEdit ? 'Update Service' : 'Create Service'}
          </button>
        </div>
      </form>
    </div>
  );
}

function FormSection({ title, children }: { title: string; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section className="card form-section" aria-labelledby={id}>
      <h2 id={id} className="card-title">
        {title}
      </h2>
      <div className="form-grid">{children}</div>
    </section>
  );
}

/** A required drop-down whose options are its own values (the category and delivery lists). */
function RequiredSelect({
  id,
  label,
  registration,
  error,
  options,
}: {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  error: string | undefined;
  options: readonly string[];
}) {
  return (
    <Field id={id} label={label} required error={error}>
      <select {...registration} {...fieldProps(id, error)} className="input" aria-required="true">
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** An optional three-line text area (the detailed-information notes). */
function NoteTextArea({
  id,
  label,
  registration,
  error,
  className,
}: {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  error: string | undefined;
  className?: string;
}) {
  return (
    <Field id={id} label={label} error={error} {...(className ? { className } : {})}>
      <textarea {...registration} {...fieldProps(id, error)} className="input" rows={3} />
    </Field>
  );
}

interface EditorProps {
  control: Control<ServiceFormState, unknown, ServiceInput>;
  register: UseFormRegister<ServiceFormState>;
  errors: FieldErrors<ServiceFormState>;
}

function ShortDescription({ control, register, error }: Omit<EditorProps, 'errors'> & { error: string | undefined }) {
  const value = useWatch({ control, name: 'shortDescription' });
  const count = Array.from(value).length;
  return (
    <Field
      id="svc-short"
      label="Short Description"
      required
      error={error}
      className="span-2"
      hint={
        <span className={count > LIMITS.shortDescription ? 'counter over' : 'counter'} aria-live="polite">
          {count}/{LIMITS.shortDescription}
        </span>
      }
    >
      <textarea
        {...register('shortDescription')}
        {...fieldProps('svc-short', error, true)}
        className="input"
        rows={2}
        aria-required="true"
      />
    </Field>
  );
}

function NoteField({ control, register, error }: Omit<EditorProps, 'errors'> & { error: string | undefined }) {
  const value = useWatch({ control, name: 'note' });
  const count = Array.from(value).length;
  return (
    <Field
      id="svc-note"
      label="Important Note"
      error={error}
      className="span-2"
      hint={
        <span className={count > LIMITS.note ? 'counter over' : 'counter'}>
          {count}/{LIMITS.note}
        </span>
      }
    >
      <textarea {...register('note')} {...fieldProps('svc-note', error, true)} className="input" rows={3} />
    </Field>
  );
}

function TextListEditor({
  control,
  register,
  errors,
  name,
  legend,
  itemLabel,
  addLabel,
  keepOne,
  hideLegend = false,
}: EditorProps & {
  name: 'benefits' | 'prerequisites';
  legend: string;
  itemLabel: string;
  addLabel: string;
  /** Removal only while more than one remains. */
  keepOne: boolean;
  hideLegend?: boolean;
}) {
  const { fields, append, remove } = useFieldArray({ control, name });
  return (
    <fieldset className="list-editor span-2">
      <legend className={hideLegend ? 'visually-hidden' : 'field-label'}>{legend}</legend>
      {fields.map((field, index) => {
        const error = errors[name]?.[index]?.value?.message;
        const id = `svc-${name}-${index}`;
        return (
          <div key={field.id} className="list-row">
            <label htmlFor={id} className="visually-hidden">
              {itemLabel} {index + 1}
            </label>
            <input
              {...register(`${name}.${index}.value`)}
              {...fieldProps(id, error)}
              className="input"
              placeholder={`${itemLabel} ${index + 1}`}
            />
            {!keepOne || fields.length > 1 ? (
              <button type="button" className="icon-button icon-button-danger" onClick={() => remove(index)}>
                <Icon name="trash" />
                <span className="visually-hidden">
                  Remove {itemLabel.toLowerCase()} {index + 1}
                </span>
              </button>
            ) : null}
            {error ? (
              <p id={`${id}-error`} className="field-error list-row-error">
                {error}
              </p>
            ) : null}
          </div>
        );
      })}
      <button type="button" className="button button-ghost button-sm" onClick={() => append({ value: '' })}>
        <Icon name="plus" size={16} /> {addLabel}
      </button>
    </fieldset>
  );
}

function AskedEditor({ control, register, errors }: EditorProps) {
  const { fields, append, remove } = useFieldArray({ control, name: 'whatCanBeAsked' });
  return (
    <fieldset className="list-editor span-2">
      <legend className="field-label">What Can Be Asked</legend>
      <p className="field-hint">
        Group the questions a client may bring, by theme (for example Career, Relationships).
      </p>
      {fields.map((field, index) => {
        const id = `svc-asked-${index}`;
        const error = errors.whatCanBeAsked?.[index]?.category?.message;
        return (
          <div key={field.id} className="block">
            <div className="block-head">
              <div className="field grow">
                <label htmlFor={id} className="field-label">
                  Category {index + 1}
                </label>
                <input
                  {...register(`whatCanBeAsked.${index}.category`)}
                  {...fieldProps(id, error)}
                  className="input"
                  placeholder="e.g. Career"
                />
                {error ? (
                  <p id={`${id}-error`} className="field-error">
                    {error}
                  </p>
                ) : null}
              </div>
              {fields.length > 1 ? (
                <button
                  type="button"
                  className="button button-ghost button-sm button-danger-text"
                  onClick={() => remove(index)}
                >
                  <Icon name="trash" size={16} /> Remove Category
                  <span className="visually-hidden"> {index + 1}</span>
                </button>
              ) : null}
            </div>
            <QuestionList control={control} register={register} errors={errors} blockIndex={index} />
          </div>
        );
      })}
      <button
        type="button"
        className="button button-ghost button-sm"
        onClick={() => append({ category: '', questions: [{ value: '' }] })}
      >
        <Icon name="plus" size={16} /> Add Category
      </button>
    </fieldset>
  );
}

function QuestionList({ control, register, errors, blockIndex }: EditorProps & { blockIndex: number }) {
  const { fields, append, remove } = useFieldArray({ control, name: `whatCanBeAsked.${blockIndex}.questions` });
  return (
    <div className="questions">
      {fields.map((field, index) => {
        const id = `svc-asked-${blockIndex}-q-${index}`;
        const error = errors.whatCanBeAsked?.[blockIndex]?.questions?.[index]?.value?.message;
        return (
          <div key={field.id} className="list-row">
            <label htmlFor={id} className="visually-hidden">
              Category {blockIndex + 1}, question {index + 1}
            </label>
            <input
              {...register(`whatCanBeAsked.${blockIndex}.questions.${index}.value`)}
              {...fieldProps(id, error)}
              className="input"
              placeholder={`Question ${index + 1}`}
            />
            {fields.length > 1 ? (
              <button type="button" className="icon-button icon-button-danger" onClick={() => remove(index)}>
                <Icon name="trash" />
                <span className="visually-hidden">
                  Remove question {index + 1} of category {blockIndex + 1}
                </span>
              </button>
            ) : null}
            {error ? (
              <p id={`${id}-error`} className="field-error list-row-error">
                {error}
              </p>
            ) : null}
          </div>
        );
      })}
      <button type="button" className="button button-link" onClick={() => append({ value: '' })}>
        <Icon name="plus" size={14} /> Add Question
      </button>
    </div>
  );
}

function FaqEditor({ control, register, errors }: EditorProps) {
  const { fields, append, remove } = useFieldArray({ control, name: 'faq' });
  return (
    <fieldset className="list-editor span-2">
      <legend className="field-label">Frequently Asked Questions</legend>
      {fields.length === 0 ? <p className="field-hint">No questions yet.</p> : null}
      {fields.map((field, index) => {
        const qId = `svc-faq-${index}-q`;
        const aId = `svc-faq-${index}-a`;
        const qError = errors.faq?.[index]?.question?.message;
        const aError = errors.faq?.[index]?.answer?.message;
        return (
          <div key={field.id} className="block">
            <div className="field">
              <label htmlFor={qId} className="field-label">
                Question {index + 1}
              </label>
              <input {...register(`faq.${index}.question`)} {...fieldProps(qId, qError)} className="input" />
              {qError ? (
                <p id={`${qId}-error`} className="field-error">
                  {qError}
                </p>
              ) : null}
            </div>
            <div className="field">
              <label htmlFor={aId} className="field-label">
                Answer {index + 1}
              </label>
              <textarea {...register(`faq.${index}.answer`)} {...fieldProps(aId, aError)} className="input" rows={2} />
              {aError ? (
                <p id={`${aId}-error`} className="field-error">
                  {aError}
                </p>
              ) : null}
            </div>
            <button
              type="button"
              className="button button-ghost button-sm button-danger-text"
              onClick={() => remove(index)}
            >
              <Icon name="trash" size={16} /> Remove Question<span className="visually-hidden"> {index + 1}</span>
            </button>
          </div>
        );
      })}
      <button
        type="button"
        className="button button-ghost button-sm"
        onClick={() => append({ question: '', answer: '' })}
      >
        <Icon name="plus" size={16} /> Add FAQ
      </button>
    </fieldset>
  );
}

function TagsEditor({ control, errors }: Pick<EditorProps, 'control' | 'errors'>) {
  const { fields, append, remove } = useFieldArray({ control, name: 'tags' });
  const [draft, setDraft] = useState('');
  const error = firstErrorMessage(errors.tags);
  function add() {
    const values = draft
      .split(',')
      .map((tag) => tag.trim())
      .filter((tag) => tag !== '' && !fields.some((field) => field.value.toLowerCase() === tag.toLowerCase()));
    if (values.length > 0) append(values.map((value) => ({ value })));
    setDraft('');
  }
  return (
    <div className="field span-2">
      <label htmlFor="svc-tags" className="field-label">
        Tags
      </label>
      {fields.length > 0 ? (
        <ul className="tags" aria-label="Chosen tags">
          {fields.map((field, index) => (
            <li key={field.id} className="tag">
              {field.value}
              <button type="button" className="tag-remove" onClick={() => remove(index)}>
                <span aria-hidden="true">×</span>
                <span className="visually-hidden">Remove tag {field.value}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="list-row">
        <input
          id="svc-tags"
          className="input"
          value={draft}
          placeholder="Type a tag and press Enter"
          aria-describedby="svc-tags-hint"
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' || event.key === ',') {
              event.preventDefault();
              add();
            }
          }}
        />
        <button type="button" className="button button-ghost button-sm" onClick={add}>
          Add Tag
        </button>
      </div>
      <p id="svc-tags-hint" className="field-hint">
        Short words shown on the service page, such as clarity or healing.
      </p>
      {error ? <p className="field-error">{error}</p> : null}
    </div>
  );
}

function ImagePicker({
  file,
  existing,
  required,
  error,
  onChange,
}: {
  file: File | null;
  existing: string;
  required: boolean;
  error: string | null;
  onChange: (file: File | null, error: string | null) => void;
}) {
  const previewUrl = useObjectUrl(file);

  const shown = previewUrl ?? (existing ? mediaSrc(existing) : null);
  return (
    <div className="field span-2">
      <label htmlFor="svc-image" className="field-label">
        Service Image
        {required ? (
          <span className="required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      <div className="image-picker">
        {shown ? (
          <img className="image-preview" src={shown} alt={file ? 'Preview of the chosen image' : 'Current image'} />
        ) : (
          <div className="image-preview image-preview-empty" aria-hidden="true">
            <Icon name="image" size={32} />
          </div>
        )}
        <div className="image-picker-side">
          <input
            id="svc-image"
            type="file"
            accept={IMAGE_ACCEPT}
            className="file-input"
            aria-describedby={error ? 'svc-image-hint svc-image-error' : 'svc-image-hint'}
            aria-invalid={error ? true : undefined}
            {...(required ? { 'aria-required': true } : {})}
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null;
              if (chosen && !isAcceptedImage(chosen)) {
                event.target.value = '';
                onChange(null, IMAGE_TYPE_MESSAGE);
                return;
              }
              if (chosen && chosen.size > IMAGE_MAX_BYTES) {
                event.target.value = '';
                onChange(null, IMAGE_TOO_LARGE_MESSAGE);
                return;
              }
              onChange(chosen, null);
            }}
          />
          <p id="svc-image-hint" className="field-hint">
            {file
              ? `${file.name} · ${formatBytes(file.size)}`
              : required
                ? 'JPEG, PNG, WebP, AVIF or GIF.'
                : 'Leave empty to keep the current image.'}
          </p>
          {error ? (
            <p id="svc-image-error" className="field-error">
              {error}
            </p>
          ) : null}
        </div>
      </div>
    </div>
  );
}

function Switch({
  id,
  label,
  hint,
  ...input
}: {
  id: string;
  label: string;
  hint: string;
} & ReturnType<UseFormRegister<ServiceFormState>>) {
  return (
    <div className="switch-field">
      <input {...input} id={id} type="checkbox" role="switch" className="switch" aria-describedby={`${id}-hint`} />
      <label htmlFor={id} className="switch-label">
        {label}
      </label>
      <p id={`${id}-hint`} className="field-hint">
        {hint}
      </p>
    </div>
  );
}
