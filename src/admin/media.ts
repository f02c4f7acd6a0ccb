import { resolveMediaUrl } from '../shared/media-url';
import { API_BASE } from './api';

/** A stored media path or URL as the browser can load it (spec section 7's rule). */
export function mediaSrc(path: string | null | undefined): string {
  return resolveMediaUrl(path, API_BASE);
}

/** Human-sized bytes for upload labels: 512 KB, 30.0 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
