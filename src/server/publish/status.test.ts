import { describe, expect, it } from 'vitest';
import { EMPTY_RECORD, type PublishRecord } from './record';
import { deriveState, HOOK_STALE_MS, REQUEST_GRACE_MS } from './status';

const at = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms);
const iso = (ms: number) => at(ms).toISOString();
const record = (patch: Partial<PublishRecord>): PublishRecord => ({ ...EMPTY_RECORD, mode: 'hook', ...patch });

describe('deriveState', () => {
  it('is up to date when idle and the live build has the current content', () => {
    const live = { contentVersion: 4, builtAt: iso(0) };
    expect(deriveState(record({}), 4, live, true, at(10)).state).toBe('up-to-date');
  });

  it('in hook mode, stays publishing until a deploy from after the request carries the requested content', () => {
    const publishing = record({ state: 'publishing', requestedVersion: 5, requestedAt: iso(1_000) });
    // An older deploy with the same version number cannot settle a manual republish requested later.
    expect(deriveState(publishing, 5, { contentVersion: 5, builtAt: iso(500) }, true, at(2_000)).state).toBe(
      'publishing',
    );
    expect(deriveState(publishing, 5, { contentVersion: 4, builtAt: iso(1_500) }, true, at(2_000)).state).toBe(
      'publishing',
    );
    expect(deriveState(publishing, 5, { contentVersion: 5, builtAt: iso(1_500) }, true, at(2_000)).state).toBe(
      'up-to-date',
    );
    // Still behind content that changed again since.
    expect(deriveState(publishing, 6, { contentVersion: 5, builtAt: iso(1_500) }, true, at(2_000)).state).toBe(
      'publishing',
    );
  });

  it('in local mode, trusts the publisher: publishing means a build runs or is queued', () => {
    const publishing = record({ mode: 'local', state: 'publishing', requestedVersion: 5, requestedAt: iso(0) });
    const live = { contentVersion: 5, builtAt: iso(10) };
    expect(deriveState(publishing, 5, live, false, at(HOOK_STALE_MS * 2)).state).toBe('publishing');
  });

  it('keeps a failure until a later deploy brings the current content live', () => {
    const failed = record({ state: 'failed', lastError: 'The build hook answered 500.', finishedAt: iso(1_000) });
    const old = { contentVersion: 3, builtAt: iso(500) };
    expect(deriveState(failed, 3, old, true, at(2_000))).toEqual({
      state: 'failed',
      lastError: 'The build hook answered 500.',
    });
    const later = { contentVersion: 3, builtAt: iso(1_500) };
    expect(deriveState(failed, 3, later, true, at(2_000)).state).toBe('up-to-date');
  });

  it('when idle but behind: publishing for a moment after a request, then failed with advice', () => {
    const idle = record({ mode: 'local', requestedAt: iso(0) });
    const live = { contentVersion: 1, builtAt: iso(0) };
    expect(deriveState(idle, 2, live, false, at(REQUEST_GRACE_MS - 1)).state).toBe('publishing');
    const late = deriveState(idle, 2, live, false, at(REQUEST_GRACE_MS + 1));
    expect(late.state).toBe('failed');
    expect(late.lastError).toContain('Publish now');
    expect(deriveState(record({ mode: 'local' }), 0, null, false, at(0)).lastError).toContain('no build information');
  });
});
