// A save that failed, handled one way by every admin form (docs/admin.md, "Save failures"): the server's field errors
// go under their inputs, the failure's message goes where the form shows its notice, and nothing typed is touched.
// The notice is a callback because forms/ sits below components/ (no runtime import of a widget).
import { ApiError, isCancelled, messageOr } from '../api/client';
import { focusFirstInvalidSoon } from './focus-first-invalid';

export interface SaveFailureOptions {
  /** Said when the failure carries no message of the server's own (the spec's fallback, e.g. 'Error saving banner'). */
  fallback: string;
  /** Shows the message where this form says what went wrong: a notice below the top bar, an alert on the form. */
  notice: (message: string) => void;
  /**
   * Puts one field error of a refused save (the API's field name) under its input. Answers false for a field the
   * form does not show; its message then lives only in the notice, which the server's summary already is.
   */
  field?: (name: string, message: string) => boolean;
  /**
   * A 401 opens the "Sign in again" dialog over the form, which says what happened (docs/admin.md, "Session end"):
   * forms whose notice would repeat it stay quiet.
   */
  quietWhenSignedOut?: boolean;
  /** Said instead when the practitioner cancelled the request (an upload's "Cancel upload"). */
  cancelled?: string;
  /** The form: once field errors are placed, its first invalid field is brought into view and focused. */
  form?: () => ParentNode | null;
}

/** What a failed save came to: how many field errors were placed and the notice shown, if any. */
export interface SaveFailureOutcome {
  fieldErrors: number;
  notice: string | null;
}

/** Reports one failed save (a 400 with field errors, a 409, a 401, a timeout or a network failure) on its form. */
export function showSaveFailure(error: unknown, options: SaveFailureOptions): SaveFailureOutcome {
  let fieldErrors = 0;
  if (error instanceof ApiError && options.field) {
    for (const [name, message] of Object.entries(error.errors)) {
      if (options.field(name, message)) fieldErrors += 1;
    }
  }
  const signedOut = error instanceof ApiError && error.status === 401;
  let notice: string | null = null;
  if (!(signedOut && options.quietWhenSignedOut)) {
    notice =
      options.cancelled !== undefined && isCancelled(error) ? options.cancelled : messageOr(error, options.fallback);
    options.notice(notice);
  }
  const form = options.form;
  if (fieldErrors > 0 && form) focusFirstInvalidSoon(form);
  return { fieldErrors, notice };
}
