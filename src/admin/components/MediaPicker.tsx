import { pickedFileProblem, type MediaKind } from '../../shared/schemas/upload';
import { formatBytes, mediaSrc, useObjectUrl } from '../media';
import { Icon } from './Icon';
import './MediaPicker.css';

const ACCEPT: Record<'image' | 'media', string> = {
  image: 'image/jpeg,image/png,image/webp,image/avif,image/gif',
  media: 'image/*,video/mp4,video/webm',
};
const TYPES_HINT: Record<'image' | 'media', string> = {
  image: 'JPEG, PNG, WebP, AVIF or GIF.',
  media: 'JPEG, PNG, WebP, AVIF, GIF, MP4 or WebM.',
};

export interface MediaPickerProps {
  id: string;
  label: string;
  /** What the field takes: images only (a service) or images and videos (a banner). */
  kinds: readonly MediaKind[];
  file: File | null;
  /** The media already saved, shown until a new file is picked. */
  existing: { url: string; type: MediaKind } | null;
  required: boolean;
  error: string | null;
  disabled?: boolean;
  /** 'side': a small preview beside the input; 'stacked': a wide preview above it (in a modal). */
  layout: 'side' | 'stacked';
  /** The picked file, or null with the reason it was refused. */
  onChange: (file: File | null, error: string | null) => void;
}

/**
 * The one file field of the portal for service images and banner media: it checks a picked file's type and size
 * with the shared rules before anything is sent, and previews it. Uploading is the form's job (useMediaUpload).
 */
export function MediaPicker({
  id,
  label,
  kinds,
  file,
  existing,
  required,
  error,
  disabled = false,
  layout,
  onChange,
}: MediaPickerProps) {
  const previewUrl = useObjectUrl(file);
  const family = kinds.includes('video') ? 'media' : 'image';
  const shown = previewUrl ?? (existing ? mediaSrc(existing.url) : null);
  const isVideo = file ? file.type.startsWith('video/') : existing?.type === 'video';
  const alt = file ? 'Preview of the chosen image' : 'Current image';

  const preview = shown ? (
    isVideo ? (
      <video className="media-preview" src={shown} muted playsInline controls preload="metadata" />
    ) : (
      <img className={layout === 'side' ? 'image-preview' : 'media-preview'} src={shown} alt={alt} />
    )
  ) : layout === 'side' ? (
    <div className="image-preview image-preview-empty" aria-hidden="true">
      <Icon name="image" size={32} />
    </div>
  ) : null;

  const input = (
    <>
      <input
        id={id}
        type="file"
        accept={ACCEPT[family]}
        className="file-input"
        disabled={disabled}
        aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
        aria-invalid={error ? true : undefined}
        {...(required ? { 'aria-required': true } : {})}
        onChange={(event) => {
          const chosen = event.target.files?.[0] ?? null;
          const problem = chosen ? pickedFileProblem(chosen, kinds) : null;
          if (problem) event.target.value = '';
          onChange(problem ? null : chosen, problem);
        }}
      />
      <p id={`${id}-hint`} className="field-hint">
        {file
          ? `${file.name} · ${formatBytes(file.size)}`
          : required
            ? TYPES_HINT[family]
            : `Leave empty to keep the current ${family}.`}
      </p>
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </>
  );

  return (
    <div className={layout === 'side' ? 'field span-2' : 'field'}>
      <label htmlFor={id} className="field-label">
        {label}
        {required ? (
          <span className="required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {layout === 'side' ? (
        <div className="image-picker">
          {preview}
          <div className="image-picker-side">{input}</div>
        </div>
      ) : (
        <>
          {preview}
          {input}
        </>
      )}
    </div>
  );
}
