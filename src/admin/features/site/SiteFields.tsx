// The Site screen's special fields: the WhatsApp number (with the wa.me link it makes), the hours' time zone (with its
// name as the site shows it) and the pictures uploaded through the chunked upload.
import { useId, useMemo, useRef, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useWatch, type UseFormRegister, type UseFormSetValue } from 'react-hook-form';
import { formatPhone, parsePhone, whatsappHref } from '../../../shared/phone';
import { timeZoneNames } from '../../../shared/schemas/site-settings';
import { messageOr } from '../../api/client';
import { ProgressBar } from '../../components/Feedback';
import { Field } from '../../components/Field';
import { FileInput } from '../../components/FileInput';
import { Icon } from '../../components/Icon';
import { RemoveRowButton } from '../../components/RowButtons';
import { showToast } from '../../components/Toasts';
import { IMAGE_ACCEPT, refusedFileReason } from '../../forms/file-types';
import { fieldProps } from '../../forms/field-wiring';
import { mediaSrc } from '../../api/media';
import { chunkedUpload } from '../../api/upload';
import { errorAt, type Errors, type SiteControl } from './site-editor';
import type { SiteFormState } from './site-form-model';

/** Every zone this browser knows, for the time zone field's suggestions. */
function knownTimeZones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['Asia/Kolkata', 'UTC'];
  }
}

type WatchedFieldProps = { register: UseFormRegister<SiteFormState>; control: SiteControl; error: string | undefined };

/** A text input whose hint follows what is typed in it (the link a number makes, the name a zone shows as). */
function LiveHintInput({
  register,
  control,
  error,
  id,
  name,
  label,
  required = false,
  hint,
  children,
  ...inputAttributes
}: WatchedFieldProps & {
  id: string;
  name: 'contact.phone' | 'contact.whatsapp' | 'contact.timeZone';
  label: string;
  required?: boolean;
  hint: (value: string) => string;
  children?: ReactNode;
} & Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'list' | 'autoComplete'>) {
  const value = useWatch({ control, name });
  return (
    <Field id={id} label={label} required={required} error={error} hint={hint(value ?? '')}>
      <input
        {...register(name)}
        {...fieldProps(id, error, true)}
        className="input"
        {...inputAttributes}
        {...(required ? { 'aria-required': 'true' as const } : {})}
      />
      {children}
    </Field>
  );
}

/** What both phone fields say while the number typed is not one yet (docs/phone-numbers.md). */
const NOT_A_NUMBER_YET = 'Not a phone number yet: e.g. 98765 43210, or +44 20 7946 0958 outside India.';

/** The wa.me link a WhatsApp number makes, once it is a number. */
function whatsappLinkNote(number: string): string | null {
  const link = whatsappHref(number);
  return link ? `Links to ${link}` : null;
}

/** How the site will show a phone number, once it is one. */
function phoneDisplayNote(number: string): string | null {
  return parsePhone(number) ? `Shown on the site as ${formatPhone(number)}.` : null;
}

/**
 * The two phone numbers of the contact details, by their key in `contact` (the field is `site-<key>`): the hint says
 * what the number becomes on the site (`shown`), NOT_A_NUMBER_YET while it is not one, and `empty` before anything
 * is typed.
 */
const PHONE_FIELDS = {
  phone: {
    label: 'Phone',
    autoComplete: 'off',
    shown: phoneDisplayNote,
    empty: 'Without a country code it is an Indian number, e.g. 98765 43210.',
  },
  whatsapp: {
    label: 'WhatsApp number',
    shown: whatsappLinkNote,
    empty: 'Without a country code it is an Indian number. Left empty, no WhatsApp link is shown.',
  },
} as const;

export function PhoneNumberField({ number, ...props }: WatchedFieldProps & { number: keyof typeof PHONE_FIELDS }) {
  const { label, shown, empty, ...attributes } = PHONE_FIELDS[number];
  const hint = (typed: string) => shown(typed) ?? (typed.trim() ? NOT_A_NUMBER_YET : empty);
  return (
    <LiveHintInput
      {...props}
      {...attributes}
      id={`site-${number}`}
      name={`contact.${number}`}
      label={label}
      type="tel"
      hint={hint}
    />
  );
}

export function TimeZoneField(props: WatchedFieldProps) {
  const zones = useMemo(() => knownTimeZones(), []);
  const listId = useId();
  return (
    <LiveHintInput
      {...props}
      id="site-time-zone"
      name="contact.timeZone"
      label="Time zone of the hours"
      required
      list={listId}
      autoComplete="off"
      hint={(zone) => {
        const names = zone ? timeZoneNames(zone) : null;
        return names && names.long !== zone
          ? `Shown on the site as ${names.long === names.short ? names.long : `${names.long} (${names.short})`}.`
          : 'A zone name such as Asia/Kolkata.';
      }}
    >
      <datalist id={listId}>
        {zones.map((z) => (
          <option key={z} value={z} />
        ))}
      </datalist>
    </LiveHintInput>
  );
}

type PicturePath = 'identity.portraitUrl' | 'seo.shareImageUrl';
const PICTURES: Record<PicturePath, { id: string; label: string; emptyHint: string }> = {
  'identity.portraitUrl': {
    id: 'site-portrait',
    label: 'Portrait photo',
    emptyHint: 'None uploaded: the drawn portrait is shown.',
  },
  'seo.shareImageUrl': {
    id: 'site-share-image',
    label: 'Share image',
    emptyHint: 'None uploaded: the drawn lotus card is used. Best at 1200 × 630 px.',
  },
};

/**
 * A picture uploaded through the chunked upload as soon as it is chosen; the form then holds its `/media/` address.
 * "Remove" empties the field (the site falls back to its drawn picture).
 */
export function PictureField({
  path,
  control,
  setValue,
  errors,
  onBusy,
}: {
  path: PicturePath;
  control: SiteControl;
  setValue: UseFormSetValue<SiteFormState>;
  errors: Errors;
  onBusy: (delta: number) => void;
}) {
  const { id, label, emptyHint } = PICTURES[path];
  const error = errorAt(errors, path);
  const url = useWatch({ control, name: path });
  const [progress, setProgress] = useState<number | null>(null);
  const [pickError, setPickError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const shownError = pickError ?? error;

  const choose = async (file: File | null) => {
    setPickError(null);
    if (!file) return;
    // The same rule as the service and banner pickers (src/admin/forms/file-types.ts).
    const refused = refusedFileReason(file, ['image']);
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
          <FileInput
            inputRef={inputRef}
            id={id}
            hasFile={Boolean(url)}
            chooseText="Choose a picture"
            replaceText="Choose another picture"
            accept={IMAGE_ACCEPT}
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
            <RemoveRowButton onClick={() => setValue(path, '', { shouldDirty: true })} className="site-picture-remove">
              Remove {label.toLowerCase()}
            </RemoveRowButton>
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
