import type { BuildInfo, PublishMode } from '../../shared/schemas/publish';

export interface ContentChange {
  kind: 'service' | 'banner' | 'testimonial' | 'settings' | 'category';
  /** 'reordered': the manual order changed ("Service order changed: 7 services"). */
  action: 'created' | 'updated' | 'deleted' | 'restored' | 'reordered';
  /** Service name, banner title, testimonial author or site name, for the build's title ("Service updated: Tarot Reading"). */
  title: string;
  /** The content version this change produced. */
  version: number;
}

/** 'Publish now' (and 'Retry') in the portal: build the current content again, with no change behind it. */
export interface ManualPublish {
  kind: 'manual';
  /** Shown as the build's title, e.g. "Publish now (admin portal)". */
  title: string;
  /** The content version at the time of the request. */
  version: number;
}

export type PublishRequest = ContentChange | ManualPublish;

/** Makes the static site follow the content: a Netlify build hook in production, a local rebuild otherwise. */
export interface Publisher {
  /** Which kind of publisher this is; the status reports it. Publishers that do not say count as 'none'. */
  readonly mode?: PublishMode;
  /**
   * The quiet period after the last change before changes are published (debounce.ts); absent or 0 when every change
   * publishes at once. The status uses it to say when the changes go live.
   */
  readonly quietMs?: number;
  /**
   * Called after every successful change, and by 'Publish now' with a ManualPublish.
   * Never throws: a failed publish is recorded and shown, it does not fail the admin's save.
   * `signal`: the scheduled run's deadline (deadline.ts); past it, nothing more is written.
   */
  contentChanged(change: PublishRequest, options?: { signal?: AbortSignal | undefined }): Promise<void>;
  /**
   * The /build-info.json of the site visitors see right now, or null when it cannot be read. Optional, so a test's
   * recording publisher can be a one-method object; without it the status has no built version.
   */
  liveBuild?(): Promise<BuildInfo | null>;
}

/** A publisher that does nothing (tests that do not care about publishing). */
export const silentPublisher: Publisher = {
  async contentChanged() {},
};

const KIND_LABEL = {
  service: 'Service',
  banner: 'Banner',
  testimonial: 'Testimonial',
  settings: 'Site settings',
  category: 'Categories',
} as const;
const TITLE_MAX = 120;

/**
 * The build's title: Netlify shows it as the deploy message, the local log prints it.
 * "Service updated: Tarot Reading", "Banner deleted: Diwali offer", or the manual title as given.
 */
export function buildTitle(request: PublishRequest): string {
  const text =
    request.kind === 'manual'
      ? request.title
      : request.action === 'reordered'
        ? `${KIND_LABEL[request.kind]} order changed: ${request.title}`
        : `${KIND_LABEL[request.kind]} ${request.action}: ${request.title}`;
  // One line, bounded: it travels in a URL query string and into logs.
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > TITLE_MAX ? `${line.slice(0, TITLE_MAX - 1)}…` : line;
}
