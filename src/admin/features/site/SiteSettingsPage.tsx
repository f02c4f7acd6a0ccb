// The Site screen: the practitioner's own site settings (docs/site-settings.md). One form over the whole document,
// validated by the shared schema the API runs; a save is a content change, published like a service save.
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  useFieldArray,
  useForm,
  useWatch,
  type Control,
  type FieldErrors,
  type UseFormRegister,
  type UseFormSetValue,
} from 'react-hook-form';
import {
  LOGO_MARKS,
  OFFER_ICONS,
  SITE_SETTINGS_LIMITS,
  SITE_SETTINGS_MESSAGES,
  timeZoneNames,
  whatsappDigits,
  type SiteSettingsInput,
} from '../../../shared/schemas/site-settings';
import { completeUrl } from '../../../shared/complete-url';
import { IMAGE_MAX_BYTES, IMAGE_TOO_LARGE_MESSAGE } from '../../../shared/schemas/upload';
import { ApiError, messageOr } from '../../api';
import { Alert, Loading, ProgressBar } from '../../components/Feedback';
import { Field } from '../../components/Field';
import { Icon } from '../../components/Icon';
import { PageHeader } from '../../components/PageHeader';
import { showToast } from '../../components/Toasts';
import { services as servicesApi, siteSettings as settingsApi } from '../../endpoints';
import { IMAGE_ACCEPT, IMAGE_TYPE_MESSAGE, isAcceptedImage } from '../../file-types';
import { focusFirstInvalidSoon } from '../../focus-first-invalid';
import { fieldProps } from '../../forms';
import { mediaSrc } from '../../media';
import { GOES_LIVE_HINT, reportSaveFailure } from '../../save-notice';
import { useDocumentTitle } from '../../shell/admin-context';
import { chunkedUpload } from '../../upload';
import { useUnsavedChanges } from '../../use-unsaved-changes';
import { formPath, settingsToForm, siteSettingsResolver, type SiteFormState } from './site-form-model';
import '../../components/FormSection.css';
import '../../components/MediaPicker.css';
import './site.css';

type Load =
  | { state: 'loading' }
  | { state: 'ready'; updatedAt: string | null; services: { id: string; name: string; active: boolean }[] }
  | { state: 'failed' };

type Errors = FieldErrors<SiteFormState>;
interface EditorProps {
  control: Control<SiteFormState, unknown, SiteSettingsInput>;
  register: UseFormRegister<SiteFormState>;
  errors: Errors;
}

const MARK_LABELS: Record<(typeof LOGO_MARKS)[number], string> = { lotus: 'Lotus', mandala: 'Mandala' };
const ICON_LABELS: Record<(typeof OFFER_ICONS)[number], string> = {
  shield: 'Shield (safety)',
  eye: 'Eye (insight)',
  heart: 'Heart (care)',
};

/** Every zone this browser knows, for the time zone field's suggestions. */
function knownTimeZones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['Asia/Kolkata', 'UTC'];
  }
}

/** An error message at a dotted path of the errors tree. */
function errorAt(errors: Errors, path: string): string | undefined {
  let node: unknown = errors;
  for (const key of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  if (typeof node !== 'object' || node === null) return undefined;
  const message = (node as { message?: unknown }).message;
  return typeof message === 'string' ? message : undefined;
}

export default function SiteSettingsPage() {
  useDocumentTitle('Site');
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const formRef = useRef<HTMLFormElement>(null);
  const [uploading, setUploading] = useState(0);

  const form = useForm<SiteFormState, unknown, SiteSettingsInput>({
    resolver: siteSettingsResolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    // focusFirstInvalid picks the first field as shown and scrolls it clear of the top bar.
    shouldFocusError: false,
  });
  const { register, control, formState, reset, handleSubmit, setError, setValue } = form;
  const { errors, isSubmitting, isDirty } = formState;
  const leavePrompt = useUnsavedChanges(isDirty && !isSubmitting);

  useEffect(() => {
    const controller = new AbortController();
    Promise.all([settingsApi.get(controller.signal), servicesApi.list(controller.signal)])
      .then(([settings, services]) => {
        reset(settingsToForm(settings.data));
        setLoad({
          state: 'ready',
          updatedAt: settings.data.updatedAt,
          services: services.data.map((s) => ({ id: s._id, name: s.name, active: s.isActive })),
        });
      })
      .catch(() => {
        if (!controller.signal.aborted) setLoad({ state: 'failed' });
      });
    return () => controller.abort();
  }, [reset]);

  const showFirstProblem = () =>
    focusFirstInvalidSoon(
      () => formRef.current,
      (found) => {
        showToast({
          tone: 'error',
          title: 'Please check the marked field',
          ...(found?.message ? { detail: found.message } : {}),
        });
      },
    );

  const onValid = async (input: SiteSettingsInput) => {
    if (load.state !== 'ready') return;
    try {
      const reply = await settingsApi.save(input, load.updatedAt);
      reset(settingsToForm(reply.data));
      setLoad({ ...load, updatedAt: reply.data.updatedAt });
      showToast({
        tone: 'success',
        title: reply.message ?? SITE_SETTINGS_MESSAGES.saved,
        detail: `Your site settings are saved. ${GOES_LIVE_HINT}`,
      });
    } catch (error) {
      let fieldErrors = false;
      if (error instanceof ApiError) {
        for (const [field, message] of Object.entries(error.errors)) {
          setError(formPath(field) as never, { message });
          fieldErrors = true;
        }
      }
      // A 401 opens the sign-in dialog over the form, which keeps the entries.
      if (!(error instanceof ApiError && error.status === 401)) {
        reportSaveFailure(
          messageOr(error, SITE_SETTINGS_MESSAGES.saveFailed),
          error instanceof ApiError && error.status === 409
            ? 'Nothing was saved. Your entries are still here.'
            : undefined,
        );
      }
      if (fieldErrors) focusFirstInvalidSoon(() => formRef.current);
    }
  };

  if (load.state === 'loading') return <Loading label="Loading site settings…" />;
  if (load.state === 'failed') {
    return (
      <div className="page page-narrow">
        <Alert tone="error">{SITE_SETTINGS_MESSAGES.loadFailed}</Alert>
      </div>
    );
  }

  const busy = isSubmitting || uploading > 0;
  const text = (
    id: string,
    path: string,
    label: string,
    options: { required?: boolean; hint?: ReactNode; wide?: boolean; type?: string; onBlurComplete?: boolean } = {},
  ) => {
    const error = errorAt(errors, path);
    const registration = register(
      path as never,
      options.onBlurComplete
        ? {
            // A web address typed without https:// is completed as soon as the field is left.
            onBlur: (event: { target: { value: string } }) => {
              const completed = completeUrl(event.target.value);
              if (completed !== event.target.value) setValue(path as never, completed as never, { shouldDirty: true });
            },
          }
        : undefined,
    );
    return (
      <Field
        id={id}
        label={label}
        required={options.required ?? false}
        error={error}
        hint={options.hint}
        {...(options.wide ? { className: 'span-2' } : {})}
      >
        <input
          {...registration}
          {...fieldProps(id, error, options.hint !== undefined)}
          className="input"
          type={options.type ?? 'text'}
          {...(options.required ? { 'aria-required': true } : {})}
        />
      </Field>
    );
  };
  const area = (
    id: string,
    path: string,
    label: string,
    options: { required?: boolean; hint?: ReactNode; rows?: number } = {},
  ) => {
    const error = errorAt(errors, path);
    return (
      <Field
        id={id}
        label={label}
        required={options.required ?? false}
        error={error}
        hint={options.hint}
        className="span-2"
      >
        <textarea
          {...register(path as never)}
          {...fieldProps(id, error, options.hint !== undefined)}
          className="input"
          rows={options.rows ?? 3}
          {...(options.required ? { 'aria-required': true } : {})}
        />
      </Field>
    );
  };

  return (
    <div className="page page-form site-page">
      <PageHeader
        title="Site"
        lead={
          <>
            Who you are, how to reach you and what your pages say. Fields marked <span className="required">*</span> are
            required.
          </>
        }
      />
      {leavePrompt}

      <form
        ref={formRef}
        className="site-form"
        noValidate
        onSubmit={(event) => void handleSubmit(onValid, showFirstProblem)(event)}
      >
        <Section title="Identity" lead="Shown in the header, the footer and the browser tab of every page.">
          {text('site-name', 'identity.siteName', 'Site name', { required: true, hint: 'The name beside the logo.' })}
          {text('site-tagline', 'identity.tagline', 'Tagline', { required: true })}
          {text('site-practitioner', 'identity.practitionerName', 'Practitioner name', { required: true })}
          {text('site-first-name', 'identity.firstName', 'First name', {
            required: true,
            hint: 'How the About page greets: “Hello, I’m …”.',
          })}
          {text('site-job-title', 'identity.jobTitle', 'Job title', { required: true, hint: 'For search engines.' })}
          <Field id="site-logo" label="Logo mark" error={errorAt(errors, 'identity.logoMark')}>
            <select
              {...register('identity.logoMark')}
              {...fieldProps('site-logo', errorAt(errors, 'identity.logoMark'))}
              className="input"
            >
              {LOGO_MARKS.map((mark) => (
                <option key={mark} value={mark}>
                  {MARK_LABELS[mark]}
                </option>
              ))}
            </select>
          </Field>
          <PictureField
            id="site-portrait"
            label="Portrait photo"
            path="identity.portraitUrl"
            control={control}
            setValue={setValue}
            error={errorAt(errors, 'identity.portraitUrl')}
            emptyHint="None uploaded: the drawn portrait is shown."
            onBusy={(delta) => setUploading((n) => n + delta)}
          />
          {text('site-portrait-alt', 'identity.portraitAlt', 'Portrait alt text', {
            wide: true,
            hint: 'What the photo shows, for people who cannot see it.',
          })}
        </Section>

        <Section title="About page" lead="The About page, from the greeting to ‘What I Offer’.">
          {area('site-intro', 'about.intro', 'Introduction', { required: true, hint: 'The line under the greeting.' })}
          <TextList
            {...{ control, register, errors }}
            name="about.roles"
            legend="Roles"
            itemLabel="Role"
            addLabel="Add role"
            max={SITE_SETTINGS_LIMITS.roles}
            hint="Shown as highlights in the About hero, e.g. “Akashic Reader Since 2023”."
          />
          {area('site-story', 'about.story', 'Your story (About Me)', {
            required: true,
            rows: 8,
            hint: 'Leave an empty line between paragraphs.',
          })}
          {area('site-mission', 'about.mission', 'My Mission', { required: true })}
          <OfferCards {...{ control, register, errors }} />
          {text('site-since', 'about.sinceYear', 'Practising since (year)', {
            required: true,
            type: 'number',
            hint: 'Shown as “Since …” on the home page.',
          })}
        </Section>

        <Section title="Home page" lead="The About block under ‘My Services’.">
          {area('site-home-about', 'home.aboutText', 'About text', { required: true })}
          <TextList
            {...{ control, register, errors }}
            name="home.specializations"
            legend="What I work with"
            itemLabel="Specialization"
            addLabel="Add specialization"
            max={SITE_SETTINGS_LIMITS.specializations}
          />
        </Section>

        <Section title="Contact" lead="The Contact page’s cards, the footer’s ‘Get In Touch’ and the contact form.">
          {text('site-email', 'contact.email', 'E-mail', { type: 'email' })}
          {text('site-phone', 'contact.phone', 'Phone', {
            type: 'tel',
            hint: 'With the country code, e.g. +91 98765 43210.',
          })}
          <WhatsAppField register={register} control={control} error={errorAt(errors, 'contact.whatsapp')} />
          {text('site-location', 'contact.location', 'Location', { required: true })}
          {text('site-hours', 'contact.hours', 'Hours', { required: true, hint: 'e.g. Mon-Sun: 9 AM - 9 PM' })}
          <TimeZoneField register={register} control={control} error={errorAt(errors, 'contact.timeZone')} />
          <TextList
            {...{ control, register, errors }}
            name="contact.subjects"
            legend="Contact form subjects"
            itemLabel="Subject"
            addLabel="Add subject"
            max={SITE_SETTINGS_LIMITS.subjects}
            keepOne
            hint="The choices under “Subject” in the contact form."
          />
        </Section>

        <Section title="Social links" lead="Each one appears in the footer only when it is filled in.">
          {text('site-instagram', 'social.instagram', 'Instagram', { type: 'url', onBlurComplete: true })}
          {text('site-youtube', 'social.youtube', 'YouTube', { type: 'url', onBlurComplete: true })}
          {text('site-facebook', 'social.facebook', 'Facebook', { type: 'url', onBlurComplete: true })}
          {text('site-website', 'social.website', 'Website', { type: 'url', onBlurComplete: true })}
        </Section>

        <Section title="Search and sharing" lead="What search engines and link previews show.">
          {area('site-seo-site', 'seo.siteDescription', 'Site description (home page)', { required: true })}
          {area('site-seo-about', 'seo.aboutDescription', 'About page description', { required: true })}
          {area('site-seo-contact', 'seo.contactDescription', 'Contact page description', { required: true })}
          {area('site-seo-services', 'seo.servicesDescription', 'Services page description', { required: true })}
          <PictureField
            id="site-share-image"
            label="Share image"
            path="seo.shareImageUrl"
            control={control}
            setValue={setValue}
            error={errorAt(errors, 'seo.shareImageUrl')}
            emptyHint="None uploaded: the drawn lotus card is used. Best at 1200 × 630 px."
            onBusy={(delta) => setUploading((n) => n + delta)}
          />
        </Section>

        <Section title="Footer" lead="The text and the ‘Our Services’ list at the foot of every page.">
          {area('site-footer-blurb', 'footer.blurb', 'Footer text', { required: true })}
          <FooterServices {...{ control, register, errors }} services={load.services} />
        </Section>

        <div className="form-actions site-form-actions">
          <button type="submit" className="button button-primary" disabled={busy}>
            {isSubmitting ? <span className="spinner spinner-sm" aria-hidden="true" /> : null}
            Save site settings
          </button>
        </div>
      </form>
    </div>
  );
}

function Section({ title, lead, children }: { title: string; lead: string; children: ReactNode }) {
  const id = `site-section-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section className="card form-section" aria-labelledby={id}>
      <h2 id={id} className="card-title">
        {title}
      </h2>
      <p className="site-section-lead">{lead}</p>
      <div className="form-grid">{children}</div>
    </section>
  );
}

type ListName = 'about.roles' | 'home.specializations' | 'contact.subjects';

function TextList({
  control,
  register,
  errors,
  name,
  legend,
  itemLabel,
  addLabel,
  max,
  hint,
  keepOne = false,
}: EditorProps & {
  name: ListName;
  legend: string;
  itemLabel: string;
  addLabel: string;
  max: number;
  hint?: string;
  /** Removal only while more than one remains. */
  keepOne?: boolean;
}) {
  const { fields, append, remove } = useFieldArray({ control, name });
  const base = `site-${name.replace('.', '-')}`;
  const listError = errorAt(errors, `${name}.root`);
  return (
    <fieldset className="site-list span-2" aria-describedby={listError ? `${base}-error` : undefined}>
      <legend className="field-label">{legend}</legend>
      {hint ? <p className="field-hint">{hint}</p> : null}
      {fields.map((field, index) => {
        const id = `${base}-${index}`;
        const error = errorAt(errors, `${name}.${index}.value`);
        const invalid = error ?? (index === 0 ? listError : undefined);
        return (
          <div key={field.id} className="site-list-row">
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
            {error ? (
              <p id={`${id}-error`} className="field-error site-list-error">
                {error}
              </p>
            ) : null}
          </div>
        );
      })}
      {listError ? (
        <p id={`${base}-error`} className="field-error">
          {listError}
        </p>
      ) : null}
      {fields.length < max ? (
        <button type="button" className="button button-ghost button-sm" onClick={() => append({ value: '' })}>
          <Icon name="plus" size={16} /> {addLabel}
        </button>
      ) : null}
    </fieldset>
  );
}

function OfferCards({ control, register, errors }: EditorProps) {
  const { fields, append, remove } = useFieldArray({ control, name: 'about.offers' });
  return (
    <fieldset className="site-list span-2">
      <legend className="field-label">What I Offer (cards)</legend>
      {fields.map((field, index) => {
        const titleId = `site-offer-${index}-title`;
        const textId = `site-offer-${index}-text`;
        const iconId = `site-offer-${index}-icon`;
        const titleError = errorAt(errors, `about.offers.${index}.title`);
        const textError = errorAt(errors, `about.offers.${index}.text`);
        return (
          <div key={field.id} className="site-block">
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
                  {OFFER_ICONS.map((icon) => (
                    <option key={icon} value={icon}>
                      {ICON_LABELS[icon]}
                    </option>
                  ))}
                </select>
              </Field>
            </div>
            <Field id={textId} label={`Card ${index + 1} text`} required error={textError}>
              <textarea
                {...register(`about.offers.${index}.text`)}
                {...fieldProps(textId, textError)}
                className="input"
                rows={2}
                aria-required="true"
              />
            </Field>
            <button
              type="button"
              className="button button-ghost button-sm button-danger-text"
              onClick={() => remove(index)}
            >
              <Icon name="trash" size={16} /> Remove card<span className="visually-hidden"> {index + 1}</span>
            </button>
          </div>
        );
      })}
      {fields.length < SITE_SETTINGS_LIMITS.offers ? (
        <button
          type="button"
          className="button button-ghost button-sm"
          onClick={() => append({ title: '', text: '', icon: 'heart' })}
        >
          <Icon name="plus" size={16} /> Add card
        </button>
      ) : null}
    </fieldset>
  );
}

function FooterServices({
  control,
  register,
  errors,
  services,
}: EditorProps & { services: { id: string; name: string; active: boolean }[] }) {
  const { fields, append, remove } = useFieldArray({ control, name: 'footer.serviceIds' });
  const chosen = useWatch({ control, name: 'footer.serviceIds' });
  const firstFree = services.find((s) => s.active && !chosen.some((item) => item.value === s.id));
  return (
    <fieldset className="site-list span-2">
      <legend className="field-label">Our Services (footer)</legend>
      <p className="field-hint">
        Each links to its page. With none chosen, the footer lists four active services, featured first. Inactive
        services are left out of the footer.
      </p>
      {fields.map((field, index) => {
        const id = `site-footer-service-${index}`;
        const error = errorAt(errors, `footer.serviceIds.${index}.value`);
        return (
          <div key={field.id} className="site-list-row">
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
            {error ? (
              <p id={`${id}-error`} className="field-error site-list-error">
                {error}
              </p>
            ) : null}
          </div>
        );
      })}
      {fields.length < SITE_SETTINGS_LIMITS.footerServices && firstFree ? (
        <button type="button" className="button button-ghost button-sm" onClick={() => append({ value: firstFree.id })}>
          <Icon name="plus" size={16} /> Add service
        </button>
      ) : null}
    </fieldset>
  );
}

function WhatsAppField({
  register,
  control,
  error,
}: Pick<EditorProps, 'register' | 'control'> & { error: string | undefined }) {
  const number = useWatch({ control, name: 'contact.whatsapp' });
  const digits = whatsappDigits(number ?? '');
  return (
    <Field
      id="site-whatsapp"
      label="WhatsApp number"
      error={error}
      hint={
        digits ? `Links to https://wa.me/${digits}` : 'With the country code. Left empty, no WhatsApp link is shown.'
      }
    >
      <input
        {...register('contact.whatsapp')}
        {...fieldProps('site-whatsapp', error, true)}
        className="input"
        type="tel"
      />
    </Field>
  );
}

function TimeZoneField({
  register,
  control,
  error,
}: Pick<EditorProps, 'register' | 'control'> & { error: string | undefined }) {
  const zone = useWatch({ control, name: 'contact.timeZone' });
  const zones = useMemo(() => knownTimeZones(), []);
  const names = zone ? timeZoneNames(zone) : null;
  const listId = useId();
  return (
    <Field
      id="site-time-zone"
      label="Time zone of the hours"
      required
      error={error}
      hint={
        names && names.long !== zone
          ? `Shown on the site as ${names.long === names.short ? names.long : `${names.long} (${names.short})`}.`
          : 'A zone name such as Asia/Kolkata.'
      }
    >
      <input
        {...register('contact.timeZone')}
        {...fieldProps('site-time-zone', error, true)}
        className="input"
        list={listId}
        autoComplete="off"
        aria-required="true"
      />
      <datalist id={listId}>
        {zones.map((z) => (
          <option key={z} value={z} />
        ))}
      </datalist>
    </Field>
  );
}

/**
 * A picture uploaded through the chunked upload as soon as it is chosen; the form then holds its `/media/` address.
 * "Remove" empties the field (the site falls back to its drawn picture).
 */
function PictureField({
  id,
  label,
  path,
  control,
  setValue,
  error,
  emptyHint,
  onBusy,
}: {
  id: string;
  label: string;
  path: 'identity.portraitUrl' | 'seo.shareImageUrl';
  control: Control<SiteFormState, unknown, SiteSettingsInput>;
  setValue: UseFormSetValue<SiteFormState>;
  error: string | undefined;
  emptyHint: string;
  onBusy: (delta: number) => void;
}) {
  const url = useWatch({ control, name: path });
  const [progress, setProgress] = useState<number | null>(null);
  const [pickError, setPickError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const shownError = pickError ?? error;

  const choose = async (file: File | null) => {
    setPickError(null);
    if (!file) return;
    const refused = !isAcceptedImage(file)
      ? IMAGE_TYPE_MESSAGE
      : file.size > IMAGE_MAX_BYTES
        ? IMAGE_TOO_LARGE_MESSAGE
        : null;
    if (refused) {
      setPickError(refused);
      showToast({ tone: 'error', title: refused, detail: 'The file was not added.' });
      if (inputRef.current) inputRef.current.value = '';
      return;
    }
    onBusy(1);
    setProgress(0);
    try {
      const media = await chunkedUpload(file, { purpose: 'service', onProgress: (p) => setProgress(p.percent) });
      setValue(path, media.mediaUrl, { shouldDirty: true, shouldValidate: true });
    } catch (uploadError) {
      const message = messageOr(uploadError, 'The upload failed. Please try again.');
      setPickError(message);
      showToast({ tone: 'error', title: message, detail: 'The file was not added.' });
    } finally {
      setProgress(null);
      onBusy(-1);
      if (inputRef.current) inputRef.current.value = '';
    }
  };

  return (
    <div className="field span-2">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <div className="image-picker">
        {url ? (
          <img className="image-preview" src={mediaSrc(url)} alt={`Current ${label.toLowerCase()}`} />
        ) : (
          <div className="image-preview image-preview-empty" aria-hidden="true">
            <Icon name="image" size={32} />
          </div>
        )}
        <div className="image-picker-side">
          <input
            ref={inputRef}
            id={id}
            type="file"
            accept={IMAGE_ACCEPT}
            className="file-input"
            aria-describedby={shownError ? `${id}-hint ${id}-error` : `${id}-hint`}
            aria-invalid={shownError ? true : undefined}
            disabled={progress !== null}
            onChange={(event) => void choose(event.target.files?.[0] ?? null)}
          />
          <p id={`${id}-hint`} className="field-hint">
            {url ? 'Uploaded. Choose another file to replace it.' : emptyHint} JPEG, PNG, WebP, AVIF or GIF.
          </p>
          {progress !== null ? <ProgressBar percent={progress} label={`Uploading ${label.toLowerCase()}`} /> : null}
          {url ? (
            <button
              type="button"
              className="button button-ghost button-sm button-danger-text site-picture-remove"
              onClick={() => setValue(path, '', { shouldDirty: true })}
            >
              <Icon name="trash" size={16} /> Remove {label.toLowerCase()}
            </button>
          ) : null}
          {shownError ? (
            <p id={`${id}-error`} className="field-error">
              {shownError}
            </p>
          ) : null}
        </div>
      </div>
    </div>
  );
}
