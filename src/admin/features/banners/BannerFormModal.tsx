import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { LIMITS } from '../../../shared/constants';
import { toFormData } from '../../../shared/form-data';
import { BANNER_MESSAGES } from '../../../shared/messages';
import { BannerInputSchema, type Banner, type BannerInput } from '../../../shared/schemas/banner';
import { ProgressBar } from '../../components/Feedback';
import { FieldInput, FieldTextArea, ImageAltInput } from '../../components/FieldInputs';
import { MediaPicker } from '../../components/MediaPicker';
import { FormModal } from '../../components/FormModal';
import { banners as bannersApi } from '../../api/endpoints';
import { focusFirstInvalidSoon } from '../../forms/focus-first-invalid';
import { showSaveFailure } from '../../forms/save-failure';
import { bindField, completeUrlOnBlur } from '../../forms/field-wiring';
import { schemaResolver, type FormState } from '../../forms/schema-resolver';
import { useMediaUpload } from '../../hooks/use-media-upload';
import { usePickedFile } from '../../hooks/use-picked-file';
import { useUnsavedChanges } from '../../components/use-unsaved-changes';
import { ZonedWindowFields, type ScheduleWindow } from '../../components/schedule/ZonedWindowFields';
import { BannerVideoCost } from './BannerVideoCost';

/**
 * What the home page does with a banner picture (src/styles/carousel.css, BannerCarousel.tsx): it fills the slide
 * (about 2:1 on a computer, drawn for 1920 × 900), the text sits over the left ~45% under a dark shade, and a phone
 * shows the middle of the picture with the text along the bottom. See docs/admin.md, "Banners".
 */
const BANNER_SIZE_HINT =
  'Best size: 1920 × 900 px (wide, about 2:1). On computers the title and text cover the left 45% of the picture, so keep faces and key details in the right half; phones show the middle of the picture with the text along the bottom.';

/** The fields the modal edits; the media is picked and uploaded beside them. */
// No order: the list sets it (moved in place, BannersPage); a new banner goes to the end, an edit keeps its place.
type BannerFormState = FormState<Omit<BannerInput, 'mediaType' | 'mediaUrl' | 'order'>>;

/** When the banner shows; the hints speak of it without a subject ("Empty: from now."). */
const BANNER_WINDOW: ScheduleWindow<BannerFormState> = {
  start: ['banner-starts', 'startsAt', 'Show from'],
  end: ['banner-ends', 'endsAt', 'Show until'],
  subject: '',
};

/** The spec's text when a save fails without a message of the server's own. */
const SAVE_FAILED = 'Error saving banner';

const bannerResolver = schemaResolver<BannerFormState, BannerInput>(BannerInputSchema);

/** Create or edit one banner: the media goes up first (useMediaUpload), then the banner is saved with its URL. */
export function BannerFormModal({
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
      mediaAlt: banner?.mediaAlt ?? '',
      isActive: banner?.isActive ?? true,
      startsAt: banner?.startsAt ?? '',
      endsAt: banner?.endsAt ?? '',
    },
  });
  const { isSubmitting, isDirty } = form.formState;
  const formRef = useRef<HTMLFormElement>(null);
  const media = usePickedFile();
  const file = media.file;
  const [error, setError] = useState<string | null>(null);
  const upload = useMediaUpload('banner');
  const leavePrompt = useUnsavedChanges((isDirty || file !== null) && !isSubmitting);

  const save = async (input: BannerInput) => {
    setError(null);
    if (!banner && !file) {
      media.setError(BANNER_MESSAGES.mediaRequired);
      focusFirstInvalidSoon(() => formRef.current);
      return;
    }
    let mediaUrl = banner?.mediaUrl ?? '';
    let mediaType = banner?.mediaType ?? 'image';
    if (file) {
      try {
        ({ mediaUrl, mediaType } = await upload.upload(file));
      } catch (failure) {
        upload.clearProgress();
        showSaveFailure(failure, { fallback: SAVE_FAILED, notice: setError, cancelled: 'Upload cancelled' });
        return;
      }
    }
    try {
      await bannersApi.save(banner?._id ?? null, toFormData({ ...input, mediaType, mediaUrl }));
      onSaved(banner ? BANNER_MESSAGES.updated : BANNER_MESSAGES.created, input);
    } catch (failure) {
      upload.clearProgress();
      showSaveFailure(failure, { fallback: SAVE_FAILED, notice: setError });
    }
  };

  return (
    <FormModal
      record={{ noun: 'Banner', create: 'Create', editing: banner !== null }}
      form={form}
      formRef={formRef}
      onValid={save}
      onClose={onClose}
      error={error}
      footerStart={
        upload.progress !== null ? (
          // In the footer, the bar stays in sight however far the form is scrolled.
          <div className="footer-progress">
            <ProgressBar percent={upload.progress} label="Uploading media" />
          </div>
        ) : null
      }
      cancel={
        upload.uploading ? (
          <button type="button" className="button button-ghost" onClick={upload.cancel}>
            Cancel upload
          </button>
        ) : null
      }
      before={leavePrompt}
    >
      <FieldInput
        id="banner-title"
        label="Title"
        required
        {...bindField(form, 'title')}
        maxLength={LIMITS.bannerTitle}
      />
      <FieldTextArea
        id="banner-description"
        label="Description"
        {...bindField(form, 'description')}
        rows={3}
        maxLength={LIMITS.bannerDescription}
      />
      <div className="form-grid">
        <FieldInput
          id="banner-link"
          label="Link"
          required
          {...bindField(form, 'link', completeUrlOnBlur(form, 'link'))}
          hint="Where a click on the slide goes: https://… or a page such as /service"
          inputMode="url"
        />
      </div>
      <MediaPicker
        id="banner-media"
        // The spec's label said "max 50MB"; videos are now capped lower (docs/admin.md, "Banners").
        label="Media File (Image up to 20MB or Video up to 15MB)"
        kinds={['image', 'video']}
        layout="stacked"
        advice={BANNER_SIZE_HINT}
        {...media.picker}
        existing={banner ? { url: banner.mediaUrl, type: banner.mediaType } : null}
        required={!banner}
        disabled={isSubmitting}
      />
      <BannerVideoCost
        id="banner-media-cost"
        file={file}
        existing={banner ? { url: banner.mediaUrl, type: banner.mediaType } : null}
      />
      <ImageAltInput
        id="banner-media-alt"
        {...bindField(form, 'mediaAlt')}
        whenEmpty="Leave it empty when the picture is only a backdrop: the title and description already say what the slide is about."
      />
      {/* When the banner shows (docs/schedules.md); both empty: while it is active. */}
      <div className="form-grid">
        <ZonedWindowFields control={form.control} schedule={BANNER_WINDOW} />
      </div>
      <div className="checkbox-field">
        <input id="banner-active" type="checkbox" {...form.register('isActive')} />
        <label htmlFor="banner-active">Active</label>
      </div>
    </FormModal>
  );
}
