import { useCallback, useEffect, useRef, useState } from 'react';
import type { CommittedMedia, UploadPurpose } from '../api/endpoints';
import { chunkedUpload } from '../api/upload';

/**
 * The portal's one upload path for service images and banner media: the file goes up through the chunked upload
 * first, and the form then saves the record with the committed `/media/…` URL (docs/admin.md, "Uploads").
 * Leaving the page mid-upload cancels it, and chunkedUpload discards it on the server.
 */
export function useMediaUpload(purpose: UploadPurpose) {
  const [progress, setProgress] = useState<number | null>(null);
  const [uploading, setUploading] = useState(false);
  const controllerRef = useRef<AbortController | null>(null);

  useEffect(() => () => controllerRef.current?.abort(), []);

  const upload = useCallback(
    async (file: File): Promise<CommittedMedia> => {
      const controller = new AbortController();
      controllerRef.current = controller;
      setUploading(true);
      try {
        return await chunkedUpload(file, {
          purpose,
          signal: controller.signal,
          onProgress: (p) => setProgress(p.percent),
        });
      } finally {
        controllerRef.current = null;
        setUploading(false);
      }
    },
    [purpose],
  );

  const cancel = useCallback(() => controllerRef.current?.abort(), []);
  const clearProgress = useCallback(() => setProgress(null), []);

  return { progress, uploading, upload, cancel, clearProgress };
}
