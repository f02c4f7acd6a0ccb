// The Site screen: the practitioner's own site settings (docs/site-settings.md). One form over the whole document,
// validated by the shared schema the API runs; a save is a content change, published like a service save.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useForm, useWatch, type Path } from 'react-hook-form';
import { LOGO_MARKS, SITE_SETTINGS_MESSAGES, type SiteSettingsInput } from '../../../shared/schemas/site-settings';
import { isSample, isSampleField, sampleFields } from '../../../shared/sample-texts';
import { Alert, Loading } from '../../components/Feedback';
import { FieldInput, FieldSelect, FieldTextArea } from '../../components/FieldInputs';
import { FormSection } from '../../components/FormSection';
import { Options } from '../../components/RequiredSelect';
import { PageHeader } from '../../components/PageHeader';
import { showToast } from '../../components/Toasts';
import { services as servicesApi, siteSettings as settingsApi } from '../../api/endpoints';
import { focusFirstInvalidSoon } from '../../forms/focus-first-invalid';
import { showSaveFailure } from '../../forms/save-failure';
import { bindField, completeUrlOnBlur } from '../../forms/field-wiring';
import { GOES_LIVE_HINT, reportSaveFailure } from '../../components/save-notice';
import { useDocumentTitle } from '../../shell/admin-context';
import { setSiteName } from '../../shell/site-name';
import { useUnsavedChanges } from '../../components/use-unsaved-changes';
import { errorAt } from './site-editor';
import { PhoneNumberField, PictureField, TimeZoneField } from './SiteFields';
import { Switch } from '../../components/Switch';
import { forgetPractitionerZone } from '../../components/schedule/use-practitioner-zone';
import { FooterServices, OfferCards, TextList } from './SiteLists';
import { PoliciesSection } from './PoliciesSection';
import { jumpTo, SAMPLE_NOTE, SampleNote, SiteJumpMenu } from './SiteJumpMenu';
import { formPath, settingsToForm, siteSettingsResolver, type SiteFormState } from './site-form-model';
import '../../components/MediaPicker.css';
import './site.css';

type Load =
  | { state: 'loading' }
  | { state: 'ready'; updatedAt: string | null; services: { id: string; name: string; active: boolean }[] }
  | { state: 'failed' };

const MARK_LABELS: Record<(typeof LOGO_MARKS)[number], string> = { lotus: 'Lotus', mandala: 'Mandala' };
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
  // What is typed now, so a sample note disappears as soon as the text is changed (src/shared/sample-texts.ts).
  const values = useWatch({ control });
  const samples = sampleFields(values);

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

  // A link to a section (the dashboard's checklist: /site#section-contact) lands on it once the form is there.
  const ready = load.state === 'ready';
  useEffect(() => {
    const target = window.location.hash.slice(1);
    if (ready && target.startsWith('section-')) jumpTo(target);
  }, [ready]);

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
      // Offers and banners are typed in this zone: the next form reads the saved one (docs/schedules.md).
      forgetPractitionerZone();
      setLoad({ ...load, updatedAt: reply.data.updatedAt });
      setSiteName(reply.data.identity.siteName);
      showToast({
        tone: 'success',
        title: reply.message ?? SITE_SETTINGS_MESSAGES.saved,
        detail: `Your site settings are saved. ${GOES_LIVE_HINT}`,
      });
    } catch (error) {
      // A 409 says another save came first and to reload; the entries stay either way.
      showSaveFailure(error, {
        fallback: SITE_SETTINGS_MESSAGES.saveFailed,
        notice: (message) => reportSaveFailure(message),
        field: (name, message) => {
          setError(formPath(name) as Path<SiteFormState>, { message });
          return true;
        },
        // The sign-in dialog over the form keeps the entries.
        quietWhenSignedOut: true,
        form: () => formRef.current,
      });
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
  /** A field's hint, followed by the sample note while the field still holds the sample text. */
  const hintAt = (path: Path<SiteFormState>, hint: ReactNode | undefined): { hint?: ReactNode } => {
    if (!(isSampleField(path) && isSample(values, path))) return hint === undefined ? {} : { hint };
    return {
      hint: (
        <>
          {hint ? <>{hint} </> : null}
          <span className="sample-note">{SAMPLE_NOTE}</span>
        </>
      ),
    };
  };
  const text = (
    id: string,
    path: Path<SiteFormState>,
    label: string,
    options: { required?: boolean; hint?: ReactNode; wide?: boolean; type?: string; onBlurComplete?: boolean } = {},
  ) => (
    <FieldInput
      id={id}
      label={label}
      required={options.required ?? false}
      {...bindField(form, path, options.onBlurComplete ? completeUrlOnBlur(form, path) : undefined)}
      {...hintAt(path, options.hint)}
      {...(options.wide ? { className: 'span-2' } : {})}
      type={options.type ?? 'text'}
    />
  );
  const area = (
    id: string,
    path: Path<SiteFormState>,
    label: string,
    options: { required?: boolean; hint?: ReactNode; rows?: number } = {},
  ) => (
    <FieldTextArea
      id={id}
      label={label}
      required={options.required ?? false}
      {...bindField(form, path)}
      {...hintAt(path, options.hint)}
      className="span-2"
      rows={options.rows ?? 3}
    />
  );
  const countUpload = (delta: number) => setUploading((n) => n + delta);

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
      <SiteJumpMenu
        sections={[
          { id: 'section-identity', label: 'Identity', samples: samples.identity.length },
          { id: 'section-about-page', label: 'About page', samples: samples.about.length },
          { id: 'section-home-page', label: 'Home page', samples: samples.home.length },
          { id: 'section-contact', label: 'Contact', samples: samples.contact.length },
          { id: 'section-social-links', label: 'Social links', samples: samples.social.length },
          { id: 'section-search-and-sharing', label: 'Search and sharing', samples: samples.seo.length },
          { id: 'section-footer', label: 'Footer', samples: samples.footer.length },
          { id: 'section-policies', label: 'Policies', samples: 0 },
        ]}
      />

      <form
        ref={formRef}
        className="site-form"
        noValidate
        onSubmit={(event) => void handleSubmit(onValid, showFirstProblem)(event)}
      >
        <FormSection title="Identity" lead="Shown in the header, the footer and the browser tab of every page.">
          {text('site-name', 'identity.siteName', 'Site name', { required: true, hint: 'The name beside the logo.' })}
          {text('site-tagline', 'identity.tagline', 'Tagline', { required: true })}
          {text('site-practitioner', 'identity.practitionerName', 'Practitioner name', { required: true })}
          {text('site-first-name', 'identity.firstName', 'First name', {
            required: true,
            hint: 'How the About page greets: “Hello, I’m …”.',
          })}
          {text('site-job-title', 'identity.jobTitle', 'Job title', { required: true, hint: 'For search engines.' })}
          <FieldSelect id="site-logo" label="Logo mark" {...bindField(form, 'identity.logoMark')}>
            <Options values={LOGO_MARKS} labels={MARK_LABELS} />
          </FieldSelect>
          <PictureField {...{ control, setValue, errors }} path="identity.portraitUrl" onBusy={countUpload} />
          {text('site-portrait-alt', 'identity.portraitAlt', 'Portrait alt text', {
            wide: true,
            hint: 'What the photo shows, for people who cannot see it. Left empty, your name is used.',
          })}
        </FormSection>

        <FormSection title="About page" lead="The About page, from the greeting to ‘What I Offer’.">
          {area('site-intro', 'about.intro', 'Introduction', { required: true, hint: 'The line under the greeting.' })}
          {isSample(values, 'about.roles') ? <SampleNote what="The highlight chips below are" /> : null}
          <TextList {...{ control, register, errors }} name="about.roles" />
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
        </FormSection>

        <FormSection title="Home page" lead="The About block under ‘My Services’.">
          {area('site-home-about', 'home.aboutText', 'About text', { required: true })}
          <TextList {...{ control, register, errors }} name="home.specializations" />
        </FormSection>

        <FormSection title="Contact" lead="The Contact page’s cards, the footer’s ‘Get In Touch’ and the contact form.">
          {text('site-email', 'contact.email', 'E-mail', { type: 'email' })}
          {(['phone', 'whatsapp'] as const).map((number) => (
            <PhoneNumberField
              key={number}
              number={number}
              register={register}
              control={control}
              error={errorAt(errors, `contact.${number}`)}
            />
          ))}
          <Switch
            id="site-whatsapp-button"
            label="Show a WhatsApp chat button on every page"
            hint="A small round button in the bottom corner that opens a WhatsApp chat with you. It shows once the WhatsApp number above is filled in."
            {...register('contact.whatsappButton')}
          />
          {text('site-whatsapp-message', 'contact.whatsappMessage', 'Chat opens with (optional)', {
            hint: 'Typed in for the visitor, who can change it before sending, e.g. “Hello Ishita, I would like to ask about a reading.”',
          })}
          {text('site-location', 'contact.location', 'Location', { required: true })}
          {text('site-hours', 'contact.hours', 'Hours', { required: true, hint: 'e.g. Mon-Sun: 9 AM - 9 PM' })}
          <TimeZoneField register={register} control={control} error={errorAt(errors, 'contact.timeZone')} />
          <TextList {...{ control, register, errors }} name="contact.subjects" />
        </FormSection>

        <FormSection title="Social links" lead="Each one appears in the footer only when it is filled in.">
          {text('site-instagram', 'social.instagram', 'Instagram', { type: 'url', onBlurComplete: true })}
          {text('site-youtube', 'social.youtube', 'YouTube', { type: 'url', onBlurComplete: true })}
          {text('site-facebook', 'social.facebook', 'Facebook', { type: 'url', onBlurComplete: true })}
          {text('site-website', 'social.website', 'Website', { type: 'url', onBlurComplete: true })}
        </FormSection>

        <FormSection title="Search and sharing" lead="What search engines and link previews show.">
          {area('site-seo-site', 'seo.siteDescription', 'Site description (home page)', { required: true })}
          {area('site-seo-about', 'seo.aboutDescription', 'About page description', { required: true })}
          {area('site-seo-contact', 'seo.contactDescription', 'Contact page description', { required: true })}
          {area('site-seo-services', 'seo.servicesDescription', 'Services page description', { required: true })}
          <PictureField {...{ control, setValue, errors }} path="seo.shareImageUrl" onBusy={countUpload} />
        </FormSection>

        <FormSection title="Footer" lead="The text and the ‘Our Services’ list at the foot of every page.">
          {area('site-footer-blurb', 'footer.blurb', 'Footer text', { required: true })}
          <FooterServices {...{ control, register, errors }} services={load.services} />
        </FormSection>

        <PoliciesSection {...{ control, register, errors, setValue }} />

        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={busy}>
            {isSubmitting ? <span className="spinner spinner-sm" aria-hidden="true" /> : null}
            Save site settings
          </button>
        </div>
      </form>
    </div>
  );
}
