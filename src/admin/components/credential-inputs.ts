// The browser hints of the sign-in, first-admin, reset and account fields (docs/auth.md): password managers fill
// by `autocomplete`, offer a generated password on `new-password`, and names are not capitalised or spell-checked.
import { LIMITS } from '../../shared/constants';

export const CREDENTIAL_INPUTS = {
  username: { autoComplete: 'username', autoCapitalize: 'none', spellCheck: false },
  email: { type: 'email', autoComplete: 'email' },
  currentPassword: { type: 'password', autoComplete: 'current-password' },
  /** The browser's own length check matches the schema's minimum. */
  newPassword: { type: 'password', autoComplete: 'new-password', minLength: LIMITS.passwordMin },
} as const;
