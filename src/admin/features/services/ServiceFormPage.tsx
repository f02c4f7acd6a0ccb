import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { LIMITS, SAVE_REDIRECT_DELAY_MS } from '../../../shared/constants';
import { offeredCategories, useCategories } from '../categories/use-categories';
import { IMAGE_REQUIRED_MESSAGE, REQUIRED_FIELDS_MESSAGE, type ServiceInput } from '../../../shared/schemas/service';
import { Alert, Loading, ProgressBar } from '../../components/Feedback';
import { bindField } from '../../forms/field-wiring';
import { FieldInput, FieldTextArea, ImageAltInput } from '../../components/FieldInputs';
import { FormSection } from '../../components/FormSection';
import { MediaPicker } from '../../components/MediaPicker';
import { NoteTextArea } from '../../components/NoteTextArea';
import { PageHeader } from '../../components/PageHeader';
import { RequiredSelect } from '../../components/RequiredSelect';
import { Switch } from '../../components/Switch';
import { showToast } from '../../components/Toasts';
import { services as servicesApi } from '../../api/endpoints';
import { withNamedRequired } from '../../forms/field-messages';
import { focusFirstInvalidSoon } from '../../forms/focus-first-invalid';
import { showSaveFailure } from '../../forms/save-failure';
import { confirmSaved, reportSaveFailure } from '../../components/save-notice';
import { useDocumentTitle } from '../../shell/admin-context';
import { useMediaUpload } from '../../hooks/use-media-upload';
import { usePickedFile } from '../../hooks/use-picked-file';
import { useUnsavedChanges } from '../../components/use-unsaved-changes';
import { CountedTextArea } from './form/CountedTextArea';
import { AskedEditor, FaqEditor, TextListEditor } from './form/list-editors';
import { PricingSection } from './form/PricingSection';
import { BookingSection } from './form/BookingSection';
import { TagsEditor } from './form/TagsEditor';
import { SlugField } from './form/SlugField';
import {
  emptyServiceForm,
  inputToFormData,
  serviceResolver,
  serviceToForm,
  type ServiceFormState,
} from './service-form-model';
import './services.css';
import { FeaturedLimitNote } from './FeaturedLimitNote';
import { PreviewButton } from './PreviewButton';

const FORM_FIELDS = new Set(Object.keys(emptyServiceForm()));
/** Server field errors name API fields; those that are also plain form fields are shown beside their input. */
function isTopLevelField(name: string): name is Exclude<keyof ServiceFormState, 'whatToExpected'> {
  return FORM_FIELDS.has(name) && name !== 'whatToExpected';
}

/** The optional notes of "Detailed Service Information", in their order on the form; the first two span the row. */
const NOTE_FIELDS = [
  { id: 'svc-what', label: 'What is this service?', name: 'whatIsThis', wide: true },
  { id: 'svc-process', label: 'How It Works', name: 'processDescription', wide: true },
  { id: 'svc-preparation', label: 'Preparation', name: 'preparation', wide: false },
  { id: 'svc-aftercare', label: 'After Care', name: 'afterCare', wide: false },
] as const satisfies readonly { id: string; label: string; name: keyof ServiceFormState; wide: boolean }[];

type SavedAddress = { slug: string | undefined; previousSlugs: string[] };
type Load =
  { state: 'loading' } | { state: 'ready'; image: string; address?: SavedAddress | undefined } | { state: 'failed' };

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
  const picked = usePickedFile();
  const image = picked.file;
  const upload = useMediaUpload('service');
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
  const { register, control, formState, reset, handleSubmit, setError } = form;
  const { errors, isSubmitting, isDirty } = formState;
  const leavePrompt = useUnsavedChanges((isDirty || image !== null) && !saved);

  useEffect(() => {
    if (id === undefined) return;
    const controller = new AbortController();
    servicesApi
      .get(id, controller.signal)
      .then((reply) => {
        reset(serviceToForm(reply.data));
        setLoad({
          state: 'ready',
          image: reply.data.image ?? '',
          address: { slug: reply.data.slug, previousSlugs: reply.data.previousSlugs ?? [] },
        });
      })
      .catch(() => {
        if (!controller.signal.aborted) setLoad({ state: 'failed' });
      });
    return () => controller.abort();
  }, [id, reset]);

  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  // The store's categories (docs/categories.md); once they arrive, the select is set again to the form's value,
  // which may be a category the first options did not have yet.
  const categories = useCategories();
  const categoryOptions = offeredCategories(categories.list, formState.defaultValues?.category ?? '');
  const { getValues, setValue } = form;
  useEffect(() => {
    if (categories.loaded) setValue('category', getValues('category'));
  }, [categories, getValues, setValue]);

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
      picked.setError(IMAGE_REQUIRED_MESSAGE);
      showFirstProblem();
      return;
    }
    try {
      // One upload path for every size (docs/admin.md, "Uploads"): the image goes up first, then the service is
      // saved with its /media/… URL.
      const imageUrl = image ? (await upload.upload(image)).mediaUrl : undefined;
      await servicesApi.save(id ?? null, inputToFormData(input, imageUrl));
      upload.clearProgress();
      setSaved(true);
      // Shown in the notices region, which stays on screen across the move to the dashboard.
      confirmSaved(
        isEdit ? 'Service updated successfully!' : 'Service created successfully!',
        input.name,
        input.isActive,
      );
      redirectTimer.current = window.setTimeout(() => void navigate('/dashboard'), SAVE_REDIRECT_DELAY_MS);
    } catch (error) {
      upload.clearProgress();
      showSaveFailure(error, {
        fallback: isEdit ? 'Failed to update service' : 'Failed to create service',
        notice: (message) => reportSaveFailure(message),
        field: (name, message) => {
          if (name === 'image') picked.setError(message);
          else if (isTopLevelField(name)) setError(name, { message });
          else return false;
          return true;
        },
        // The sign-in dialog over the form says what happened and keeps the entries.
        quietWhenSignedOut: true,
        form: () => formRef.current,
      });
    }
  };
  const onInvalid = () => {
    if (!isEdit && !image) picked.setError(IMAGE_REQUIRED_MESSAGE);
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
          <FieldInput id="svc-name" label="Service Name" required {...bindField(form, 'name')} />
          <RequiredSelect
            id="svc-category"
            label="Category"
            {...bindField(form, 'category')}
            options={categoryOptions}
          />
          <SlugField form={form} saved={load.address} />
          <CountedTextArea
            form={form}
            id="svc-short"
            name="shortDescription"
            label="Short Description"
            max={LIMITS.shortDescription}
            rows={2}
            required
          />
          <FieldTextArea
            id="svc-description"
            label="Full Description"
            required
            {...bindField(form, 'description')}
            className="span-2"
            rows={6}
          />
        </FormSection>

        <FormSection title="Detailed Service Information">
          {NOTE_FIELDS.map((note) => (
            <NoteTextArea
              key={note.name}
              id={note.id}
              label={note.label}
              {...bindField(form, note.name)}
              {...(note.wide ? { className: 'span-2' } : {})}
            />
          ))}
          <AskedEditor control={control} register={register} errors={errors} />
          <FaqEditor control={control} register={register} errors={errors} />
          <TextListEditor control={control} register={register} errors={errors} name="prerequisites" />
          <TagsEditor control={control} errors={errors} />
        </FormSection>

        <PricingSection form={form} />

        <BookingSection form={form} />

        <FormSection title="Service Image">
          <MediaPicker
            id="svc-image"
            label="Service Image"
            kinds={['image']}
            layout="side"
            {...picked.picker}
            existing={load.image ? { url: load.image, type: 'image' } : null}
            required={!isEdit}
          />
          <ImageAltInput
            id="svc-image-alt"
            {...bindField(form, 'imageAlt')}
            className="span-2"
            whenEmpty="Left empty, the service name is used."
          />
        </FormSection>

        <FormSection title="Benefits">
          <TextListEditor control={control} register={register} errors={errors} name="benefits" />
        </FormSection>

        <FormSection title="Note">
          <CountedTextArea form={form} id="svc-note" name="note" label="Important Note" max={LIMITS.note} rows={3} />
        </FormSection>

        <FormSection title="Availability">
          <FieldInput
            id="svc-availability"
            label="Availability"
            {...bindField(form, 'availability')}
            className="span-2"
          />
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

        {upload.progress !== null ? <ProgressBar percent={upload.progress} label="Uploading image" /> : null}

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
