import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { DELIVERY_METHODS, LIMITS, SAVE_REDIRECT_DELAY_MS, SERVICE_CATEGORIES } from '../../../shared/constants';
import { SERVICE_MESSAGES } from '../../../shared/messages';
import { IMAGE_REQUIRED_MESSAGE, type ServiceInput } from '../../../shared/schemas/service';
import { ApiError, messageOr } from '../../api';
import { Alert, Loading, NoticeAlert, ProgressBar, type Notice } from '../../components/Feedback';
import { Field } from '../../components/Field';
import { FormSection } from '../../components/FormSection';
import { MediaPicker } from '../../components/MediaPicker';
import { PageHeader } from '../../components/PageHeader';
import { Switch } from '../../components/Switch';
import { services as servicesApi } from '../../endpoints';
import { fieldProps, firstErrorMessage } from '../../forms';
import { useDocumentTitle } from '../../shell/admin-context';
import { useMediaUpload } from '../../use-media-upload';
import { AskedEditor, FaqEditor, TextListEditor } from './form/list-editors';
import { TagsEditor } from './form/TagsEditor';
import { CountedTextArea, NoteTextArea, RequiredSelect } from './form/text-fields';
import {
  inputToFormData,
  SERVICE_FIELD_NAMES,
  emptyServiceForm,
  serviceResolver,
  serviceToForm,
  type ServiceFormState,
} from './service-form-model';
import './services.css';

const FORM_FIELDS = new Set<string>(SERVICE_FIELD_NAMES);
/** Server field errors name API fields; those that are also plain form fields are shown beside their input. */
function isTopLevelField(name: string): name is Exclude<keyof ServiceFormState, 'whatToExpected'> {
  return FORM_FIELDS.has(name) && name !== 'whatToExpected';
}

type Load = { state: 'loading' } | { state: 'ready'; image: string } | { state: 'failed' };

/** One form for create and edit; a new id remounts it, so no state leaks from one service to the next. */
export default function ServiceFormRoute() {
  const { id } = useParams();
  return <ServiceFormPage key={id ?? 'create'} id={id} />;
}

function ServiceFormPage({ id }: { id: string | undefined }) {
  const isEdit = id !== undefined;
  const navigate = useNavigate();
  const [load, setLoad] = useState<Load>(isEdit ? { state: 'loading' } : { state: 'ready', image: '' });
  const [notice, setNotice] = useState<Notice>(null);
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const upload = useMediaUpload('service');
  const [saveProgress, setSaveProgress] = useState<number | null>(null);
  const progress = saveProgress ?? upload.progress;
  const [saved, setSaved] = useState(false);
  /** After a refused submit, the first remaining problem shows on top until it is fixed. */
  const [showValidation, setShowValidation] = useState(false);
  const redirectTimer = useRef(0);
  const noticeRef = useRef<HTMLDivElement>(null);
  useDocumentTitle(isEdit ? 'Edit Service' : 'Add Service');

  const form = useForm<ServiceFormState, unknown, ServiceInput>({
    resolver: serviceResolver,
    defaultValues: emptyServiceForm(),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { register, control, formState, reset, handleSubmit, setError } = form;
  const { errors, isSubmitting } = formState;

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

  // Bring messages into view: the submit button sits at the bottom of a long form.
  function scrollToNotice() {
    window.requestAnimationFrame(() => noticeRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' }));
  }

  function showNotice(next: Notice) {
    setNotice(next);
    scrollToNotice();
  }

  const onValid = async (input: ServiceInput) => {
    if (!isEdit && !image) {
      setImageError(IMAGE_REQUIRED_MESSAGE);
      setShowValidation(true);
      setNotice(null);
      scrollToNotice();
      return;
    }
    setShowValidation(false);
    setNotice(null);
    try {
      // One upload path for every size: the image goes up in chunks first, then the form saves its address.
      const media = image ? await upload.upload(image) : null;
      const body = inputToFormData(input, media?.mediaUrl);
      await servicesApi.save(id ?? null, body, (loaded, total) =>
        setSaveProgress(total > 0 ? Math.floor((loaded / total) * 100) : null),
      );
      setSaveProgress(null);
      upload.clearProgress();
      setSaved(true);
      showNotice({
        tone: 'success',
        text: isEdit ? SERVICE_MESSAGES.updated : SERVICE_MESSAGES.created,
      });
      redirectTimer.current = window.setTimeout(() => void navigate('/dashboard'), SAVE_REDIRECT_DELAY_MS);
    } catch (error) {
      setSaveProgress(null);
      upload.clearProgress();
      if (error instanceof ApiError) {
        for (const [field, message] of Object.entries(error.errors)) {
          if (field === 'image') setImageError(message);
          else if (isTopLevelField(field)) setError(field, { message });
        }
      }
      showNotice({
        tone: 'error',
        text: messageOr(error, isEdit ? 'Failed to update service' : 'Failed to create service'),
      });
    }
  };
  const onInvalid = () => {
    if (!isEdit && !image) setImageError(IMAGE_REQUIRED_MESSAGE);
    setShowValidation(true);
    setNotice(null);
    scrollToNotice();
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
  const validationMessage = showValidation ? (firstErrorMessage(errors) ?? imageError) : null;

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

      <div ref={noticeRef}>
        <NoticeAlert notice={notice} />
        {validationMessage ? <Alert tone="error">{validationMessage}</Alert> : null}
      </div>

      <form className="service-form" noValidate onSubmit={(event) => void handleSubmit(onValid, onInvalid)(event)}>
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
          <CountedTextArea
            control={control}
            register={register}
            error={errors.shortDescription?.message}
            id="svc-short"
            name="shortDescription"
            label="Short Description"
            max={LIMITS.shortDescription}
            rows={2}
            required
          />
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
              {...register('bookingLink')}
              {...fieldProps('svc-booking', errors.bookingLink?.message, true)}
              className="input"
              type="url"
              inputMode="url"
              aria-required="true"
            />
          </Field>
        </FormSection>

        <FormSection title="Service Image">
          <MediaPicker
            id="svc-image"
            label="Service Image"
            kinds={['image']}
            layout="side"
            file={image}
            existing={load.image ? { url: load.image, type: 'image' } : null}
            required={!isEdit}
            error={imageError}
            onChange={(file, error) => {
              setImage(file);
              setImageError(error);
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
          <CountedTextArea
            control={control}
            register={register}
            error={errors.note?.message}
            id="svc-note"
            name="note"
            label="Important Note"
            max={LIMITS.note}
            rows={3}
          />
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
        </FormSection>

        {progress !== null ? <ProgressBar percent={progress} label="Uploading image" /> : null}

        <div className="form-actions">
          <Link to="/dashboard" className="button button-ghost" aria-disabled={busy || undefined}>
            Cancel
          </Link>
          <button type="submit" className="button button-primary" disabled={busy}>
            {isSubmitting ? <span className="spinner spinner-sm" aria-hidden="true" /> : null}
            {isEdit ? 'Update Service' : 'Create Service'}
          </button>
        </div>
      </form>
    </div>
  );
}
