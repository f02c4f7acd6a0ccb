import { useEffect, useMemo } from 'react';
import { resolveMediaUrl } from '../../shared/media-url';
import { API_BASE } from './client';

/** A stored media path or URL as the browser can load it (docs/product-rules.md, "Calls"'s rule). */
export function mediaSrc(path: string | null | undefined): string {
  return resolveMediaUrl(path, API_BASE);
}

/** Human-sized bytes for upload labels: 512 KB, 30.0 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** A blob: URL to preview a chosen file before upload, released when the file changes or the view goes away. */
export function useObjectUrl(file: File | null): string | null {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => {
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [url]);
  return url;
}
