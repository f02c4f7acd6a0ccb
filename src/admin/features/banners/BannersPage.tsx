import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { LIMITS } from '../../../shared/constants';
import { preview } from '../../../shared/format';
import { BannerInputSchema, type Banner, type BannerInput } from '../../../shared/schemas/banner';
import {
  IMAGE_MAX_BYTES,
  IMAGE_TOO_LARGE_MESSAGE,
  MEDIA_TOO_LARGE_MESSAGE,
  UNSUPPORTED_MEDIA_MESSAGE,
} from '../../../shared/schemas/upload';
import { completeUrl } from '../../../shared/complete-url';
import { isCancelled, messageOr } from '../../api';
import { showToast } from '../../components/Toasts';
import { BANNER_MEDIA_ACCEPT, isAcceptedImage, isAcceptedVideo } from '../../file-types';
import { focusFirstInvalidSoon } from '../../focus-first-invalid';
import { confirmSaved } from '../../save-notice';
import { useUnsavedChanges } from '../../use-unsaved-changes';
import { DataTable } from '../../components/DataTable';
import { Alert, EmptyState, Loading, NoticeAlert, ProgressBar, type Notice } from '../../components/Feedback';
import { Field } from '../../components/Field';
import { Icon } from '../../components/Icon';
import { ConfirmDeleteModal } from '../../components/ConfirmDeleteModal';
import { Modal } from '../../components/Modal';
import { PageHeader } from '../../components/PageHeader';
import { StatusCell } from '../../components/StatusCells';
import { banners as bannersApi } from '../../endpoints';
import { fieldProps, firstErrorMessage, schemaResolver } from '../../forms';
import { formatBytes, mediaSrc, useObjectUrl } from '../../media';
import { useDocumentTitle } from '../../shell/admin-context';
import { useConfirmedDelete } from '../../use-confirmed-delete';
import { useResource } from '../../use-resource';
import { chunkedUpload } from '../../upload';
import { SubmitButton } from '../../components/SubmitButton';
import '../../components/MediaPicker.css';
import { confirmTrashed, TRASH_NOTE } from '../trash/undo';
import { BannerOrderPanel } from './BannerOrderPanel';
import './banners.css';

/** The API's own words when a banner is created without media (src/server/domain/banners.ts says the same). */
const BANNER_MEDIA_REQUIRED_MESSAGE = 'Please select an image or video for the banner';

// docs/product-rules.md, "Errors": a banner load failure gives an empty list, silently (see `list` below).
const loadBanners = async (signal: AbortSignal) =>
  [...(await bannersApi.list(signal)).data].sort((a, b) => a.order - b.order);

export default function BannersPage() {
  const { resource, reload, update } = useResource(loadBanners);
  const list = resource.status === 'loading' ? null : resource.status === 'ready' ? resource.data : [];
  const [editing, setEditing] = useState<Banner | 'new' | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const deletion = useConfirmedDelete<Banner>({
    remove: async ({ _id }) => {
      await bannersApi.remove(_id);
      update((list) => list.filter((banner) => banner._id !== _id));
    },
    success: 'Banner deleted successfully',
    failure: 'Error deleting banner',
    onNotice: setNotice,
    onDeleted: ({ _id, title }) =>
      confirmTrashed({
        title: 'Banner deleted successfully',
        kind: 'banner',
        id: _id,
        name: title,
        onRestored: () => reload(true),
      }),
  });
  useDocumentTitle('Banners');

  /** A new action starts with a clean slate: the previous success or failure message goes. */
  function openEditor(target: Banner | 'new') {
    setNotice(null);
    setEditing(target);
  }

  // The heading counts what visitors see: inactive banners stay in the table but not on the home page.
  const activeCount = list?.filter((banner) => banner.isActive).length ?? 0;
  const inactiveCount = (list?.length ?? 0) - activeCount;

  return (
    <div className="page">
      <PageHeader title="Banner Management" lead="The slides at the top of the home page, in order.">
        <button type="button" className="button button-primary" onClick={() => openEditor('new')}>
          <Icon name="plus" /> Add Banner
        </button>
      </PageHeader>

      <NoticeAlert notice={notice} onDismiss={() => setNotice(null)} />

      <section className="card card-flush" aria-labelledby="banners-title">
        <div className="card-head">
          <h2 id="banners-title" className="card-title">
            Active Banners ({activeCount})
          </h2>
          {inactiveCount > 0 ? (
            <p className="muted card-head-note">
              {inactiveCount} inactive {inactiveCount === 1 ? 'banner is' : 'banners are'} listed too, hidden from the
              site.
            </p>
          ) : null}
        </div>
        {list === null ? <Loading label="Loading banners…" /> : null}
        {list !== null && list.length === 0 ? (
          <EmptyState
            title="No banners found"
            action={
              <button type="button" className="button button-primary" onClick={() => openEditor('new')}>
                <Icon name="plus" /> Create First Banner
              </button>
            }
          />
        ) : null}
        {list !== null && list.length > 0 ? (
          <DataTable columns={['ORDER', 'BANNER', 'MEDIA', 'TYPE', 'LINK', 'STATUS', 'ACTIONS']}>
            {list.map((banner, index) => (
              <tr key={banner._id}>
                <td data-label="Order">
                  <span className="order-pill">{index + 1}</span>
                </td>
                <td className="cell-primary" data-label="Banner">
                  <span className="cell-title">{banner.title}</span>
                  {banner.description ? (
                    <span className="cell-sub">{preview(banner.description, LIMITS.descriptionPreview)}</span>
                  ) : null}
                </td>
                <td data-label="Media">
                  <MediaThumb banner={banner} />
                </td>
                <td data-label="Type">
                  <span className="badge badge-grey">{banner.mediaType}</span>
                </td>
                <td data-label="Link">
                  {banner.link ? (
                    <span className="cell-link" title={banner.link}>
                      {preview(banner.link, LIMITS.linkPreview)}
                    </span>
                  ) : (
                    <span className="muted">—</span>
                  )}
                </td>
                <StatusCell active={banner.isActive} />
                <td data-label="Actions">
                  <div className="row-actions">
                    <button type="button" className="icon-button" title="Edit" onClick={() => openEditor(banner)}>
                      <Icon name="edit" />
                      <span className="visually-hidden">Edit banner {banner.title}</span>
                    </button>
                    <button
                      type="button"
                      className="icon-button icon-button-danger"
                      title="Delete"
                      onClick={() => {
                        setNotice(null);
                        deletion.ask(banner);
                      }}
                    >
                      <Icon name="trash" />
                      <span className="visually-hidden">Delete banner {banner.title}</span>
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </DataTable>
        ) : null}
      </section>

      {list !== null && list.length > 1 ? (
        <BannerOrderPanel banners={list} onChange={(next) => update(() => next)} onFailure={() => reload(true)} />
      ) : null}

      {editing ? (
        <BannerModal
          banner={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(text, saved) => {
            setEditing(null);
            setNotice(null);
            // In the notices region below the top bar: the page behind the modal may be scrolled anywhere.
            confirmSaved(text, saved.title, saved.isActive);
            reload(true);
          }}
        />
      ) : null}

      {deletion.target ? (
        <ConfirmDeleteModal
          title="Delete Banner"
          busy={deletion.busy}
          onCancel={deletion.cancel}
          onConfirm={() => void deletion.confirm()}
        >
          <p>Delete this banner?</p>
          <p className="muted">&ldquo;{deletion.target.title}&rdquo;</p>
          <p>{TRASH_NOTE}</p>
        </ConfirmDeleteModal>
      ) : null}
    </div>
  );
}

/**
 * What the home page does with a banner picture (src/styles/carousel.css, BannerCarousel.tsx): it fills the slide
 * (about 2:1 on a computer, drawn for 1920 × 900), the text sits over the left ~45% under a dark shade, and a phone
 * shows the middle of the picture with the text along the bottom. See docs/admin.md, "Banners".
 */
const BANNER_SIZE_HINT =
  'Best size: 1920 × 900 px (wide, about 2:1). On computers the title and text cover the left 45% of the picture, so keep faces and key details in the right half; phones show the middle of the picture with the text along the bottom.';

function MediaThumb({ banner }: { banner: Banner }) {
  const src = mediaSrc(banner.mediaUrl);
  if (!src) return <span className="thumb thumb-empty" aria-hidden="true" />;
  if (banner.mediaType === 'video') {
    return (
      <video
        className="thumb thumb-wide"
        src={src}
        muted
        playsInline
        preload="metadata"
        aria-label={`${banner.title} video`}
      />
    );
  }
  return <img className="thumb thumb-wide" src={src} alt="" width={80} height={45} loading="lazy" decoding="async" />;
}

interface BannerFormState {
  title: string;
  description: string;
  link: string;
  isActive: boolean;
}

const bannerResolver = schemaResolver<BannerFormState, BannerInput>(BannerInputSchema);

function BannerModal({
  banner,
  onClose,
  onSaved,
}: {
  banner: Banner | null;
  onClose: () => void;
  onSaved: (message: string, saved: BannerInput) => void;
}) {
  const form = useForm<BannerFormState, unknown, BannerInput>({
    resolver: bannerResolver,
    defaultValues: {
      title: banner?.title ?? '',
      description: banner?.description ?? '',
      link: banner?.link ?? '',
      isActive: banner?.isActive ?? true,
    },
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  const formRef = useRef<HTMLFormElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [uploading, setUploading] = useState(false);
  const uploadRef = useRef<AbortController | null>(null);

  const previewUrl = useObjectUrl(file);
  const leavePrompt = useUnsavedChanges((isDirty || file !== null) && !isSubmitting);

  // Leaving the page mid-upload cancels it (and chunkedUpload discards it on the server).
  useEffect(() => () => uploadRef.current?.abort(), []);

  const save = async (input: BannerInput) => {
    setError(null);
    if (!banner && !file) {
      setFileError(BANNER_MEDIA_REQUIRED_MESSAGE);
      focusFirstInvalidSoon(() => formRef.current);
      return;
    }
    let mediaUrl = banner?.mediaUrl ?? '';
    let mediaType = banner?.mediaType ?? 'image';
    if (file) {
      const controller = new AbortController();
      uploadRef.current = controller;
      setUploading(true);
      try {
        const media = await chunkedUpload(file, {
          purpose: 'banner',
          signal: controller.signal,
          onProgress: (p) => setProgress(p.percent),
        });
        mediaUrl = media.mediaUrl;
        mediaType = media.mediaType;
      } catch (failure) {
        setProgress(null);
        setError(isCancelled(failure) ? 'Upload cancelled' : messageOr(failure, 'Error saving banner'));
        return;
      } finally {
        uploadRef.current = null;
        setUploading(false);
      }
    }
    const body = new FormData();
    body.set('title', input.title);
    body.set('description', input.description);
    body.set('link', input.link);
    // No order: the list sets it (BannerOrderPanel); a new banner goes to the end, an edit keeps its place.
    body.set('mediaType', mediaType);
    body.set('mediaUrl', mediaUrl);
    body.set('isActive', String(input.isActive));
    try {
      await bannersApi.save(banner?._id ?? null, body);
      onSaved(banner ? 'Banner updated successfully' : 'Banner created successfully', input);
    } catch (failure) {
      setProgress(null);
      setError(messageOr(failure, 'Error saving banner'));
    }
  };

  const validation = firstErrorMessage(errors);
  const isVideo = file ? file.type.startsWith('video/') : banner?.mediaType === 'video';
  const shown = previewUrl ?? (banner ? mediaSrc(banner.mediaUrl) : '');

  return (
    <Modal
      title={banner ? 'Edit Banner' : 'Create Banner'}
      onClose={onClose}
      size="md"
      dismissible={!isSubmitting}
      footer={
        <>
          {progress !== null ? (
            // In the footer, the bar stays in sight however far the form is scrolled.
            <div className="footer-progress">
              <ProgressBar percent={progress} label="Uploading media" />
            </div>
          ) : null}
          {uploading ? (
            <button type="button" className="button button-ghost" onClick={() => uploadRef.current?.abort()}>
              Cancel upload
            </button>
          ) : (
            <button type="button" className="button button-ghost" onClick={onClose} disabled={isSubmitting}>
              Cancel
            </button>
          )}
          <SubmitButton busy={isSubmitting} form="banner-form">
            {banner ? 'Update Banner' : 'Create Banner'}
          </SubmitButton>
        </>
      }
    >
      {leavePrompt}
      <form
        ref={formRef}
        id="banner-form"
        className="stack"
        noValidate
        onSubmit={(event) => void form.handleSubmit(save, () => focusFirstInvalidSoon(() => formRef.current))(event)}
      >
        {error ? <Alert tone="error">{error}</Alert> : null}
        {validation ? <Alert tone="error">{validation}</Alert> : null}
        <Field id="banner-title" label="Title" required error={errors.title?.message}>
          <input
            {...form.register('title')}
            {...fieldProps('banner-title', errors.title?.message)}
            className="input"
            maxLength={LIMITS.bannerTitle}
            aria-required="true"
          />
        </Field>
        <Field id="banner-description" label="Description" error={errors.description?.message}>
          <textarea
            {...form.register('description')}
            {...fieldProps('banner-description', errors.description?.message)}
            className="input"
            rows={3}
            maxLength={LIMITS.bannerDescription}
          />
        </Field>
        <div className="form-grid">
          <Field
            id="banner-link"
            label="Link"
            required
            error={errors.link?.message}
            hint="Where a click on the slide goes: https://… or a page such as /service"
          >
            <input
              {...form.register('link', {
                // A web address typed without https:// is completed when the field is left; site paths stay.
                onBlur: (event: { target: { value: string } }) => {
                  const completed = completeUrl(event.target.value);
                  if (completed !== event.target.value) form.setValue('link', completed, { shouldDirty: true });
                },
              })}
              {...fieldProps('banner-link', errors.link?.message, true)}
              className="input"
              inputMode="url"
              aria-required="true"
            />
          </Field>
        </div>
        <div className="field">
          <label htmlFor="banner-media" className="field-label">
            Media File (Image or Video, max 50MB)
            {!banner ? (
              <span className="required" aria-hidden="true">
                {' '}
                *
              </span>
            ) : null}
          </label>
          <p id="banner-media-size" className="field-hint">
            {BANNER_SIZE_HINT}
          </p>
          {shown ? (
            isVideo ? (
              <video className="media-preview" src={shown} muted playsInline controls preload="metadata" />
            ) : (
              <img className="media-preview" src={shown} alt={file ? 'Preview of the chosen image' : 'Current image'} />
            )
          ) : null}
          <input
            id="banner-media"
            type="file"
            accept={BANNER_MEDIA_ACCEPT}
            className="file-input"
            disabled={isSubmitting}
            aria-describedby={
              fileError
                ? 'banner-media-size banner-media-hint banner-media-error'
                : 'banner-media-size banner-media-hint'
            }
            aria-invalid={fileError ? true : undefined}
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null;
              setFileError(null);
              const problem = !chosen
                ? null
                : !isAcceptedImage(chosen) && !isAcceptedVideo(chosen)
                  ? UNSUPPORTED_MEDIA_MESSAGE
                  : chosen.size > LIMITS.bannerMediaBytes
                    ? MEDIA_TOO_LARGE_MESSAGE
                    : chosen.type.startsWith('image/') && chosen.size > IMAGE_MAX_BYTES
                      ? IMAGE_TOO_LARGE_MESSAGE
                      : null;
              if (problem) {
                event.target.value = '';
                setFile(null);
                setFileError(problem);
                showToast({ tone: 'error', title: problem, detail: 'The file was not added.' });
                return;
              }
              setFile(chosen);
            }}
          />
          <p id="banner-media-hint" className="field-hint">
            {file
              ? `${file.name} · ${formatBytes(file.size)}`
              : banner
                ? 'Leave empty to keep the current media.'
                : 'JPEG, PNG, WebP, AVIF, GIF, MP4 or WebM.'}
          </p>
          {fileError ? (
            <p id="banner-media-error" className="field-error">
              {fileError}
            </p>
          ) : null}
        </div>
        <div className="checkbox-field">
          <input id="banner-active" type="checkbox" {...form.register('isActive')} />
          <label htmlFor="banner-active">Active</label>
        </div>
      </form>
    </Modal>
  );
}
