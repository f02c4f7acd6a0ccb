// The local server's memory of resized pictures (docs/public-site.md, "Image CDN emulation"). Netlify's Image CDN
// keeps each resized picture at the edge; @netlify/dev resizes again on every request, which made every page view
// under `npm start` (and in the browser tests) cost a fraction of a second of CPU per picture.

/** One stored reply: everything needed to send it again. */
interface StoredReply {
  status: number;
  headers: [string, string][];
  body: Uint8Array;
}

export interface ImageCacheLimits {
  /** All stored pictures together, in bytes; the least recently used leave first. */
  maxBytes: number;
  /** A larger single reply is passed through and not kept. */
  maxEntryBytes: number;
}

const DEFAULT_LIMITS: ImageCacheLimits = { maxBytes: 64 * 1024 * 1024, maxEntryBytes: 4 * 1024 * 1024 };

/**
 * Resized pictures by their full address. Only pictures of `/media/<key>` are kept: a media key is derived from the
 * file's content (src/server/media/objects.ts, `contentKey`), so the same address always means the same picture and
 * the same resize. A media file deleted since stays answerable from here until the server stops, as a CDN's copy
 * would; the pages stop naming it with the next build.
 */
export class ImageResponseCache {
  private readonly replies = new Map<string, StoredReply>();
  private bytes = 0;

  constructor(private readonly limits: ImageCacheLimits = DEFAULT_LIMITS) {}

  /** The cache key for a request, or null when the request is not a resize of a media file. */
  keyFor(method: string, url: URL): string | null {
    if (method !== 'GET' || url.pathname !== '/.netlify/images') return null;
    const source = url.searchParams.get('url');
    return source?.startsWith('/media/') ? url.search : null;
  }

  /** A fresh Response for a stored reply, or null. */
  lookup(key: string): Response | null {
    const stored = this.replies.get(key);
    if (!stored) return null;
    // Map keeps insertion order: moving the entry to the end makes the first entry the least recently used.
    this.replies.delete(key);
    this.replies.set(key, stored);
    return new Response(stored.body.slice(), { status: stored.status, headers: stored.headers });
  }

  /** Keeps a successful reply (reading its body) and returns an equivalent Response to send. */
  async remember(key: string, response: Response): Promise<Response> {
    if (response.status !== 200 || !response.body) return response;
    const body = new Uint8Array(await response.arrayBuffer());
    const headers = [...response.headers.entries()];
    if (body.byteLength <= this.limits.maxEntryBytes) {
      this.forget(key);
      this.replies.set(key, { status: 200, headers, body });
      this.bytes += body.byteLength;
      for (const oldest of this.replies.keys()) {
        if (this.bytes <= this.limits.maxBytes) break;
        this.forget(oldest);
      }
    }
    return new Response(body.slice(), { status: 200, headers });
  }

  private forget(key: string): void {
    const stored = this.replies.get(key);
    if (!stored) return;
    this.replies.delete(key);
    this.bytes -= stored.body.byteLength;
  }

  /** How many replies and bytes are kept (for tests). */
  get size(): { entries: number; bytes: number } {
    return { entries: this.replies.size, bytes: this.bytes };
  }
}
