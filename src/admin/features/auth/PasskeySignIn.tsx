import { browserSupportsWebAuthn, startAuthentication } from '@simplewebauthn/browser';
import { useState } from 'react';
import { messageOr } from '../../api/client';
import type { Notice } from '../../components/Feedback';
import { BusyButton } from '../../components/BusyButton';
import { setToken } from '../../api/session';
import { passkeyPromptProblem, passkeysApi } from '../account/passkeys-api';
import './passkey-sign-in.css';

/**
 * "Sign in with a passkey" on the login page (docs/auth.md, "Passkeys"): no username, no password, and none of the
 * password throttles. Shown only where the browser can use passkeys at all.
 */
export function PasskeySignIn({ onNotice, onSuccess }: { onNotice: (notice: Notice) => void; onSuccess: () => void }) {
  const [supported] = useState(() => browserSupportsWebAuthn());
  const [busy, setBusy] = useState(false);
  if (!supported) return null;

  async function signIn() {
    onNotice(null);
    setBusy(true);
    try {
      const options = await passkeysApi.signInOptions();
      const response = await startAuthentication({ optionsJSON: options.data });
      const reply = await passkeysApi.signIn(response);
      setToken(reply.token);
      onSuccess();
    } catch (error) {
      onNotice({
        tone: 'error',
        text: passkeyPromptProblem(error, 'sign-in') ?? messageOr(error, 'Passkey sign-in failed. Please try again.'),
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="passkey-sign-in">
      <p className="passkey-divider">
        <span>or</span>
      </p>
      <BusyButton className="button button-secondary button-block" busy={busy} onClick={() => void signIn()}>
        Sign in with a passkey
      </BusyButton>
    </div>
  );
}
