/** Uploaded media (service images, banner images and videos). Netlify Blobs in production and under `npm start`. */
export interface StoredMedia {
  data: Uint8Array;
  contentType: string;
}

export interface MediaStat {
  contentType: string;
  /** Byte length of the stored blob. */
  size: number;
}

/**
 * One blob per key. Blobs cannot be read by byte range, so media larger than one upload chunk is kept as several
 * chunk blobs plus a small manifest blob (see objects.ts); this interface knows nothing about that.
 */
export interface MediaStore {
  put(key: string, data: Uint8Array, contentType: string): Promise<void>;
  get(key: string): Promise<StoredMedia | null>;
  /** Type and size without reading the bytes (media routes answer HEAD and check references with it). */
  stat(key: string): Promise<MediaStat | null>;
  delete(key: string): Promise<void>;
  list(prefix: string): Promise<string[]>;
}
