import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import type { AdminPublic } from '../../shared/schemas/auth';
import { PublishStatus } from '../components/PublishStatus';
import { Icon } from '../components/Icon';
import { Loading } from '../components/Feedback';
import { auth, messages } from '../api/endpoints';
import { clearToken, getToken, hasStoredToken, onSessionChange, remainingMinutes } from '../api/session';
import { SignInDialog } from '../components/SignInDialog';
import { hasSignInHost, requestSignIn } from '../api/reauth';
import type { ReturnState } from '../api/return-to';
import { useSessionRenewal } from '../hooks/use-session-renewal';
import { AdminContext, type AdminContextValue } from './admin-context';
import { BrandName } from './BrandName';
import { Sidebar } from './Sidebar';
import { UserMenu } from './UserMenu';
import './shell.css';

const SIDEBAR_ID = 'admin-sidebar';
/** How often the shell re-reads the session (minutes left, expiry) and the unread count. */
const TICK_MS = 30_000;
const UNREAD_EVERY_TICKS = 2;

/**
 * The frame of every admin page but login, and its guard (docs/product-rules.md, "States"): a stored token, then verify, then
 * profile; any failure sends the visitor to /admin/login without a word.
 */
export default function AdminShell() {
  const navigate = useNavigate();
  const location = useLocation();
  // Read before anything else looks at the token (reading an expired one clears it): did a session just end?
  const arrivedWithSession = useRef(hasStoredToken());
  const [admin, setAdmin] = useState<AdminPublic | null>(null);
  const [unread, setUnread] = useState(0);
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const [minutesLeft, setMinutesLeft] = useState(() => remainingMinutes());

  // The login page sends the practitioner back here afterwards, and says why when the session had ended
  // (docs/admin.md, "Session end").
  const here = useRef('');
  useEffect(() => {
    here.current = `${location.pathname}${location.search}`;
  });
  const toLogin = useCallback(
    (ended = false) => {
      const state: ReturnState = { from: here.current, ...(ended ? { reason: 'expired' as const } : {}) };
      void navigate('/login', { replace: true, state });
    },
    [navigate],
  );
  /** The session is gone while the portal is open: a dialog over the page when it can, else the login page. */
  const sessionEnded = useCallback(() => {
    if (hasSignInHost()) requestSignIn();
    else toLogin(true);
  }, [toLogin]);

  useEffect(() => {
    const controller = new AbortController();
    if (!getToken()) {
      toLogin(arrivedWithSession.current);
      return;
    }
    void (async () => {
      try {
        await auth.verify(controller.signal);
        const profile = await auth.profile(controller.signal);
        setAdmin(profile.data);
      } catch {
        if (!controller.signal.aborted) toLogin(true);
      }
    })();
    return () => controller.abort();
  }, [toLogin]);

  const loadUnread = useCallback(() => {
    messages.list().then(
      (reply) => setUnread(reply.unread),
      // The badge is a convenience; the Messages page shows its own errors.
      () => undefined,
    );
  }, []);

  // Each navigation re-checks that the session is still there (it expires in place after 3 hours).
  useEffect(() => {
    if (admin && !getToken()) sessionEnded();
  }, [admin, location.pathname, sessionEnded]);

  useSessionRenewal(admin !== null);

  useEffect(() => {
    if (!admin) return;
    loadUnread();
    let ticks = 0;
    const timer = window.setInterval(() => {
      ticks += 1;
      if (!getToken()) {
        sessionEnded();
        return;
      }
      setMinutesLeft(remainingMinutes());
      if (ticks % UNREAD_EVERY_TICKS === 0) loadUnread();
    }, TICK_MS);
    const unsubscribe = onSessionChange(() => setMinutesLeft(remainingMinutes()));
    // Another tab signing out removes the shared token.
    const onStorage = () => {
      if (!getToken()) toLogin();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      window.clearInterval(timer);
      unsubscribe();
      window.removeEventListener('storage', onStorage);
    };
  }, [admin, loadUnread, toLogin, sessionEnded]);

  useEffect(() => {
    if (!sidebarOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setSidebarOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [sidebarOpen]);

  const logout = useCallback(async () => {
    try {
      await auth.logout();
    } catch {
      // Product rules (docs/product-rules.md, "States"): a failed logout call still ends at /admin/login.
    }
    clearToken();
    void navigate('/login', { replace: true });
  }, [navigate]);

  const context = useMemo<AdminContextValue | null>(
    () => (admin ? { admin, setAdmin, unread, setUnread, logout } : null),
    [admin, unread, logout],
  );

  if (!context || !admin) {
    return (
      <div className="guard-loading">
        <Loading label="Checking your session…" />
      </div>
    );
  }

  return (
    <AdminContext.Provider value={context}>
      <a className="skip-link" href="#admin-main">
        Skip to content
      </a>
      <header className="topbar">
        <button
          type="button"
          className="icon-button sidebar-toggle"
          aria-expanded={sidebarOpen}
          aria-controls={SIDEBAR_ID}
          aria-label={sidebarOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setSidebarOpen((value) => !value)}
        >
          <Icon name={sidebarOpen ? 'close' : 'menu'} size={22} />
        </button>
        <Link to="/dashboard" className="brand">
          <Icon name="lotus" size={26} className="brand-mark" />
          <span className="brand-text">
            <BrandName />
          </span>
        </Link>
        <div className="topbar-actions">
          <PublishStatus />
          <a className="button button-ghost button-sm visit-site" href="/" target="_blank" rel="noopener noreferrer">
            <Icon name="external" size={16} />
            <span className="visit-site-label">Visit Site</span>
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
          <UserMenu admin={admin} minutesLeft={minutesLeft} onLogout={() => void logout()} />
        </div>
      </header>
      <div className="layout">
        <Sidebar
          id={SIDEBAR_ID}
          open={sidebarOpen}
          admin={admin}
          unread={unread}
          onNavigate={() => setSidebarOpen(false)}
        />
        {sidebarOpen ? (
          <div className="sidebar-backdrop" aria-hidden="true" onClick={() => setSidebarOpen(false)} />
        ) : null}
        <main id="admin-main" className="main" tabIndex={-1}>
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      <SignInDialog username={admin.username} onLeave={() => toLogin(true)} />
    </AdminContext.Provider>
  );
}
