import { createFormControl } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
import { showSaveFailure } from './save-failure';

interface BannerLike {
  title: string;
  link: string;
  description: string;
}

const typed: BannerLike = { title: 'Full moon circle', link: 'https://example.org/moon', description: 'Tonight.' };

/** A real react-hook-form form outside React, holding what the practitioner typed. */
function typedForm() {
  return createFormControl<BannerLike>({ defaultValues: { ...typed } });
}

/** Places an API field error on the form when the form has that field, as the service form does. */
function onFields(form: ReturnType<typeof typedForm>) {
  return (name: string, message: string) => {
    if (!(name in form.getValues())) return false;
    form.setError(name as keyof BannerLike, { message });
    return true;
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('showSaveFailure', () => {
  it('puts each field error of a 400 under its field, and the server summary in the notice', () => {
    const form = typedForm();
    const notices: string[] = [];
    const error = new ApiError(400, 'Please fill in all required fields', 'Please fill in all required fields', {
      title: 'Title is too long',
      link: 'Please enter a valid URL',
    });

    const outcome = showSaveFailure(error, {
      fallback: 'Error saving banner',
      notice: (m) => notices.push(m),
      field: onFields(form),
    });

    expect(outcome).toEqual({ fieldErrors: 2, notice: 'Please fill in all required fields' });
    expect(form.getFieldState('title').error?.message).toBe('Title is too long');
    expect(form.getFieldState('link').error?.message).toBe('Please enter a valid URL');
    expect(form.getFieldState('description').error).toBeUndefined();
    expect(notices).toEqual(['Please fill in all required fields']);
  });

  it('leaves a field the form does not show out of the count: its words stay in the notice only', () => {
    const form = typedForm();
    const notices: string[] = [];
    const error = new ApiError(400, 'Invalid input', 'Invalid input', { order: 'Order must be a number' });

    const outcome = showSaveFailure(error, {
      fallback: 'Error saving banner',
      notice: (m) => notices.push(m),
      field: onFields(form),
    });

    expect(outcome.fieldErrors).toBe(0);
    expect(notices).toEqual(['Invalid input']);
  });

  it('keeps everything typed, whatever the failure', () => {
    const failures = [
      new ApiError(400, 'Bad', 'Bad', { title: 'Title is required' }),
      new ApiError(409, 'Changed elsewhere', 'Someone saved first. Reload to see it.'),
      new ApiError(401, 'Unauthorized', 'Unauthorized'),
      new ApiError(0, 'Network error', null),
      new Error('boom'),
    ];
    for (const failure of failures) {
      const form = typedForm();
      showSaveFailure(failure, { fallback: 'Error saving banner', notice: () => undefined, field: onFields(form) });
      expect(form.getValues()).toEqual(typed);
    }
  });

  it('shows the message of a 409 in the notice and marks no field', () => {
    const form = typedForm();
    const notices: string[] = [];
    const error = new ApiError(409, 'Request failed (409)', 'These settings were changed in another tab. Reload.');

    const outcome = showSaveFailure(error, {
      fallback: 'Failed',
      notice: (m) => notices.push(m),
      field: onFields(form),
    });

    expect(outcome).toEqual({ fieldErrors: 0, notice: 'These settings were changed in another tab. Reload.' });
    expect(notices).toEqual(['These settings were changed in another tab. Reload.']);
    expect(form.getFieldState('title').error).toBeUndefined();
  });

  it('says the fallback when no reply came (network failure, timeout) or the reply had no message', () => {
    for (const failure of [
      new ApiError(0, 'Network error', null),
      new ApiError(0, 'The request timed out', null),
      new ApiError(500, 'Request failed (500)', null),
      new TypeError('x'),
    ]) {
      const notices: string[] = [];
      showSaveFailure(failure, { fallback: 'Failed to update service', notice: (m) => notices.push(m) });
      expect(notices).toEqual(['Failed to update service']);
    }
  });

  it('stays quiet on a 401 when the sign-in dialog speaks, and says it otherwise', () => {
    const error = new ApiError(401, 'Unauthorized', 'Your session has ended');
    const quiet: string[] = [];
    expect(
      showSaveFailure(error, { fallback: 'F', notice: (m) => quiet.push(m), quietWhenSignedOut: true }).notice,
    ).toBeNull();
    expect(quiet).toEqual([]);

    const said: string[] = [];
    showSaveFailure(error, { fallback: 'F', notice: (m) => said.push(m) });
    expect(said).toEqual(['Your session has ended']);
  });

  it('names a cancel as a cancel, and only a cancel', () => {
    const notices: string[] = [];
    const options = {
      fallback: 'Error saving banner',
      notice: (m: string) => notices.push(m),
      cancelled: 'Upload cancelled',
    };
    showSaveFailure(new ApiError(0, 'Cancelled', null, {}, true), options);
    showSaveFailure(new ApiError(0, 'The request timed out', null), options);
    expect(notices).toEqual(['Upload cancelled', 'Error saving banner']);
  });

  it('brings the first invalid field into view once field errors are placed, and not otherwise', () => {
    const frames: (() => void)[] = [];
    const focus = vi.fn();
    const field = { scrollIntoView: vi.fn(), focus, id: '' };
    vi.stubGlobal('window', {
      requestAnimationFrame: (run: () => void) => frames.push(run),
      matchMedia: () => ({ matches: true }),
    });
    const root = { querySelector: () => field } as unknown as ParentNode;

    const form = typedForm();
    showSaveFailure(new ApiError(409, 'x', 'Changed elsewhere'), {
      fallback: 'F',
      notice: () => undefined,
      field: onFields(form),
      form: () => root,
    });
    expect(frames).toHaveLength(0);

    showSaveFailure(new ApiError(400, 'x', 'Bad', { link: 'Please enter a valid URL' }), {
      fallback: 'F',
      notice: () => undefined,
      field: onFields(form),
      form: () => root,
    });
    while (frames.length > 0) frames.shift()?.();
    expect(focus).toHaveBeenCalledOnce();
  });
});
