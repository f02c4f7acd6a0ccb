/** Uploaded media (service images, banner images and videos). Netlify Blobs in production and under `npm start`. */
export interface StoredMedia {
  data: Uint8Array;
  contentType: string;
}

export interface MediaStore {
  put(key: string, data: Uint8Array, contentType: string): Promise<void>;
  get(key: string): Promise<StoredMedia | null>;
  delete(key: string): Promise<void>;
  list(prefix: string): Promise<string[]>;
}
