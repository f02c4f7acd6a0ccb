// "Preview" in the service form: opens the form's unsaved state as the real detail page in a new tab
// (docs/admin.md, "Draft preview"). The state goes through sessionStorage, which the new tab inherits.
import { useEffect, useRef } from 'react';
import {
  previewPath,
  SERVICE_PREVIEW_KEY,
  UNSAVED_PREVIEW_ID,
} from '../../../components/service-detail/preview-source';
import { ServiceInputSchema } from '../../../shared/schemas/service';
import { Icon } from '../../components/Icon';
import { showToast } from '../../components/Toasts';
import { formToInput, type ServiceFormState } from './service-form-model';

/** Numbers as the detail page reads them; the form holds prices as typed text until the schema runs. */
const toNumber = (value: unknown): number | undefined => {
  if (value === '' || value === null || value === undefined) return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
};

export function PreviewButton({
  getValues,
  image,
  currentImage,
  serviceId,
}: {
  getValues: () => ServiceFormState;
  /** A picture chosen in the form and not yet saved. */
  image: File | null;
  /** The stored picture's URL ('' on create). */
  currentImage: string;
  serviceId: string | undefined;
}) {
  // A chosen file is shown through an object URL, which the preview tab (same origin) can load while this page lives.
  const objectUrl = useRef<{ file: File; url: string } | null>(null);
  useEffect(
    () => () => {
      if (objectUrl.current) URL.revokeObjectURL(objectUrl.current.url);
    },
    [],
  );

  const imageUrl = (): string => {
    if (!image) return currentImage;
    if (objectUrl.current?.file !== image) {
      if (objectUrl.current) URL.revokeObjectURL(objectUrl.current.url);
      objectUrl.current = { file: image, url: URL.createObjectURL(image) };
    }
    return objectUrl.current.url;
  };

  const open = () => {
    const raw = formToInput(getValues());
    // The schema's clean-up (trimmed text, blank list entries dropped) when the form is valid; the raw entries when
    // not, so an unfinished form can still be looked at.
    const parsed = ServiceInputSchema.safeParse(raw);
    const data: Record<string, unknown> = parsed.success ? { ...parsed.data } : { ...raw };
    const price = toNumber(data['price']) ?? 0;
    const offerPrice = toNumber(data['offerPrice']);
    const source = {
      ...data,
      _id: serviceId ?? UNSAVED_PREVIEW_ID,
      name: typeof data['name'] === 'string' && data['name'].trim() !== '' ? data['name'] : 'Untitled service',
      price,
      ...(offerPrice !== undefined && offerPrice < price ? { offerPrice } : { offerPrice: undefined }),
      image: imageUrl(),
    };
    try {
      sessionStorage.setItem(SERVICE_PREVIEW_KEY, JSON.stringify(source));
    } catch {
      showToast({
        tone: 'error',
        title: 'The preview could not be opened',
        detail: 'This browser refused to keep it.',
      });
      return;
    }
    // Not noopener: the new tab must start with a copy of this tab's sessionStorage.
    const tab = window.open(previewPath(UNSAVED_PREVIEW_ID), '_blank');
    if (!tab) {
      showToast({
        tone: 'error',
        title: 'The preview could not be opened',
        detail: 'Allow pop-ups for this site, then press Preview again.',
      });
    }
  };

  return (
    <button type="button" className="button button-secondary" onClick={open}>
      <Icon name="eye" /> Preview
      <span className="visually-hidden"> the unsaved changes (opens in a new tab)</span>
    </button>
  );
}
