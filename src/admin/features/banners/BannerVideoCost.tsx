import { useEffect, useState } from 'react';
import {
  BANNER_VIDEO_MAX_BYTES,
  NETLIFY_FREE_CREDITS_PER_MONTH,
  thousandPlaysCost,
} from '../../../shared/constants-video';

/** Megabytes as the file field shows them (binary, one decimal), so the two lines agree. */
const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** "0.4", "12", "130": one decimal only below 10, where it still says something. */
const rounded = (value: number) => (value < 10 ? value.toFixed(1) : Math.round(value).toLocaleString('en-US'));

/** The sentence under the banner's file field for a video of `bytes` (docs/costs.md, "Banner video"). */
export function videoCostText(bytes: number): string {
  const { gigabytes, credits } = thousandPlaysCost(bytes);
  return `${megabytes(bytes)} · about ${rounded(gigabytes)} GB of bandwidth per 1,000 plays, roughly ${rounded(credits)} of the ${NETLIFY_FREE_CREDITS_PER_MONTH} credits a month on Netlify's Free plan`;
}

export const OVERSIZE_VIDEO_TEXT = `This video is larger than the ${BANNER_VIDEO_MAX_BYTES / (1024 * 1024)} MB now allowed for new videos. It keeps playing as it is; a shorter or smaller one would use less of the monthly bandwidth.`;

/** The size of a saved video, from the media route's HEAD reply (no bytes of the video are fetched). */
function useSavedSize(url: string | null): number | null {
  const [saved, setSaved] = useState<{ url: string; size: number } | null>(null);
  useEffect(() => {
    if (!url) return;
    const aborted = new AbortController();
    fetch(url, { method: 'HEAD', signal: aborted.signal })
      .then((reply) => {
        const length = Number(reply.headers.get('content-length'));
        if (reply.ok && Number.isFinite(length) && length > 0) setSaved({ url, size: length });
      })
      // Only a hint: without it the form works as before.
      .catch(() => undefined);
    return () => aborted.abort();
  }, [url]);
  return saved && saved.url === url ? saved.size : null;
}

/**
 * What a banner video costs to show: its size and the bandwidth of a thousand plays, for a picked file or the saved
 * video; a saved video above today's cap is marked (it keeps working). Nothing for pictures.
 */
export function BannerVideoCost({
  id,
  file,
  existing,
}: {
  id: string;
  file: File | null;
  existing: { url: string; type: 'image' | 'video' } | null;
}) {
  const savedUrl = !file && existing?.type === 'video' ? existing.url : null;
  const saved = useSavedSize(savedUrl);
  const bytes = file ? (file.type.startsWith('video/') ? file.size : null) : saved;
  if (bytes === null) return null;
  return (
    <div id={id} className="banner-video-cost" aria-live="polite">
      <p className="field-hint">{videoCostText(bytes)}</p>
      {!file && bytes > BANNER_VIDEO_MAX_BYTES && (
        <p className="field-hint banner-video-cost__over">{OVERSIZE_VIDEO_TEXT}</p>
      )}
    </div>
  );
}
