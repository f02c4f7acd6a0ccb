import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { formatDateTime } from '../../../shared/format';
import type { DeviceSummary } from '../../../shared/schemas/device-approval';
import { messageOr } from '../../api/client';
import { Alert } from '../../components/Feedback';
import { showToast } from '../../components/Toasts';
import { auth } from '../../api/endpoints';
import { clearToken } from '../../api/session';
import './devices.css';

/**
 * "Signed-in devices" in Account settings (docs/auth.md, "Devices and sessions"): the browsers trusted with this
 * account, named from their User-Agent only, and "Sign out everywhere", which ends every session and revokes every
 * browser, this one too. It asks once more before doing it, in place (this may already sit inside a modal).
 */
export function DevicesSection() {
  const navigate = useNavigate();
  const [devices, setDevices] = useState<DeviceSummary[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    auth.devices(controller.signal).then(
      (reply) => setDevices(reply.data),
      (failure: unknown) => {
        if (!controller.signal.aborted) setLoadError(messageOr(failure, 'The list of devices could not be loaded.'));
      },
    );
    return () => controller.abort();
  }, []);

  async function signOutEverywhere() {
    setBusy(true);
    setError(null);
    try {
      const reply = await auth.signOutEverywhere();
      clearToken();
      showToast({ tone: 'success', title: 'Signed out everywhere', detail: reply.message ?? '' });
      void navigate('/login', { replace: true });
    } catch (failure) {
      setError(messageOr(failure, 'Signing out everywhere did not work. Please try again.'));
      setBusy(false);
    }
  }

  return (
    <section className="devices" aria-labelledby="devices-title">
      <h3 id="devices-title" className="devices-title">
        Signed-in devices
      </h3>
      <p className="muted devices-lead">
        Browsers that can sign in with your password alone. Any other browser also needs a code sent to your e-mail.
      </p>
      {loadError ? <Alert tone="error">{loadError}</Alert> : null}
      {devices === null && !loadError ? <p className="muted">Loading your devices…</p> : null}
      {devices !== null && devices.length === 0 ? <p className="muted">No browser is remembered right now.</p> : null}
      {devices !== null && devices.length > 0 ? (
        <ul className="device-list">
          {devices.map((device) => (
            <li key={device.id} className="device-item">
              <span className="device-name">
                {device.browser}
                {device.current ? <span className="badge badge-gold">This browser</span> : null}
              </span>
              <span className="device-times muted">
                First seen {formatDateTime(device.firstSeen)} · Last seen {formatDateTime(device.lastSeen)}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
      {confirming ? (
        <div className="devices-confirm" role="group" aria-labelledby="devices-confirm-text">
          <p id="devices-confirm-text">
            This signs out every browser, this one too. To sign in again you will need your password and a code from
            your e-mail.
          </p>
          <div className="button-row">
            <button type="button" className="button button-ghost" onClick={() => setConfirming(false)} disabled={busy}>
              Cancel
            </button>
            <button
              type="button"
              className="button button-danger"
              onClick={() => void signOutEverywhere()}
              disabled={busy}
              autoFocus
            >
              {busy ? <span className="spinner spinner-sm" aria-hidden="true" /> : null}
              Yes, sign out everywhere
            </button>
          </div>
        </div>
      ) : (
        <div className="button-row">
          <button type="button" className="button button-secondary" onClick={() => setConfirming(true)}>
            Sign out everywhere
          </button>
        </div>
      )}
    </section>
  );
}
