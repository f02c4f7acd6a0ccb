// Banner videos play only while a visitor can see them (docs/public-site.md, "Banner video"). The server HTML has
// no `autoplay` and `preload="none"`, so a page load fetches no video bytes; this script, inlined with the static
// banner script and kept running after the island hydrates over the same elements, starts a video when its slide
// is in view and pauses it when it leaves. Under prefers-reduced-motion or Save-Data nothing plays by itself: the
// visitor sees the still slide (its first frame under reduced motion; under Save-Data nothing is fetched) and the
// Pause/Play control still lets them start it. Like banner-autoplay.ts it imports no value, to stay inlined.

/** Whether this visitor asked for less motion or less data, so videos must not start by themselves. */
export function videoMayAutoplay(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  if (connection?.saveData === true) return false;
  return !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export function watchBannerVideos(root: HTMLElement): void {
  const videos = [...root.querySelectorAll('video')];
  if (videos.length === 0) return;
  const saveData = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;
  if (!videoMayAutoplay()) {
    // Reduced motion without Save-Data: the first frame stands in for a poster (a few kilobytes of metadata).
    if (!saveData) for (const video of videos) video.preload = 'metadata';
    return;
  }
  if (typeof IntersectionObserver === 'undefined') return;
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const video = entry.target as HTMLVideoElement;
        // data-playing="false": the visitor pressed Pause (static script or island); their choice wins.
        if (entry.isIntersecting && root.dataset.playing !== 'false') void video.play().catch(() => undefined);
        else if (!entry.isIntersecting) video.pause();
      }
    },
    { threshold: 0.5 },
  );
  for (const video of videos) observer.observe(video);
}
