import type { ReactNode } from 'react';
import type { MediaKind } from '../../shared/schemas/upload';
import { BANNER_MEDIA_ACCEPT, IMAGE_ACCEPT, refusedFileReason } from '../forms/file-types';
import { formatBytes, mediaSrc, useObjectUrl } from '../api/media';
import { FieldError, FieldLabel } from './Field';
import { FileInput } from './FileInput';
import { Icon } from './Icon';
import { showToast } from './Toasts';
import './MediaPicker.css';

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
  /** 'side': a small preview beside the input (a page form); 'stacked': a wide preview above it (a modal). */
  layout: 'side' | 'stacked';
  /** Advice shown above the preview (the banner's best size), read with the input as `${id}-size`. */
  advice?: ReactNode;
  /** The picked file, or null with the reason it was refused. */
  onChange: (file: File | null, error: string | null) => void;
}

/**
 * The portal's one file field, for service images and banner media: a picked file is checked at once (type and
 * size, the shared rule) and previewed; a refused one is named under the field and in a notice. Uploading is the
 * form's job, through useMediaUpload (docs/admin.md, "Uploads").
 */
export function MediaPicker(props: MediaPickerProps) {
  const { id, label, kinds, file, existing, required, error, disabled = false, layout, advice, onChange } = props;
  const previewUrl = useObjectUrl(file);
  const family = kinds.includes('video') ? 'media' : 'image';
  const shown = previewUrl ?? (existing ? mediaSrc(existing.url) : null);
  const isVideo = file ? file.type.startsWith('video/') : existing?.type === 'video';
  const alt = file ? 'Preview of the chosen image' : 'Current image';
  const describedBy = [advice ? `${id}-size` : '', `${id}-hint`, error ? `${id}-error` : ''].filter(Boolean);

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
      <FileInput
        id={id}
        hasFile={Boolean(file ?? existing)}
        chooseText={family === 'media' ? 'Choose a picture or video' : 'Choose a picture'}
        replaceText={family === 'media' ? 'Choose another file' : 'Choose another picture'}
        accept={family === 'media' ? BANNER_MEDIA_ACCEPT : IMAGE_ACCEPT}
        disabled={disabled}
        aria-describedby={describedBy.join(' ')}
        aria-invalid={error ? true : undefined}
        {...(required ? { 'aria-required': true } : {})}
        onChange={(event) => {
          const chosen = event.target.files?.[0] ?? null;
          const problem = chosen ? refusedFileReason(chosen, kinds) : null;
          if (problem) {
            event.target.value = '';
            showToast({ tone: 'error', title: problem, detail: 'The file was not added.' });
          }
          onChange(problem ? null : chosen, problem);
        }}
      />
      <p id={`${id}-hint`} className="field-hint">
        {file
          ? `${file.name} · ${formatBytes(file.size)}`
          : required
            ? family === 'media'
              ? 'JPEG, PNG, WebP, AVIF, GIF, MP4 or WebM.'
              : 'JPEG, PNG, WebP, AVIF or GIF.'
            : `Leave empty to keep the current ${family}.`}
      </p>
      <FieldError id={id} error={error} />
    </>
  );

  return (
    <div className={layout === 'side' ? 'field span-2' : 'field'}>
      <FieldLabel id={id} label={label} required={required} />
      {advice ? (
        <p id={`${id}-size`} className="field-hint">
          {advice}
        </p>
      ) : null}
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
