export interface ContentChange {
  kind: 'service' | 'banner';
  action: 'created' | 'updated' | 'deleted';
  /** Service name or banner title, for the build's title ("Service updated: Tarot Reading"). */
  title: string;
  /** The content version this change produced. */
  version: number;
}

/** Makes the static site follow the content: a Netlify build hook in production, a local rebuild otherwise. */
export interface Publisher {
  /** Never throws: a failed publish is recorded and shown, it does not fail the admin's save. */
  contentChanged(change: ContentChange): Promise<void>;
}

/** A publisher that does nothing (tests that do not care about publishing). */
export const silentPublisher: Publisher = {
  async contentChanged() {},
};
