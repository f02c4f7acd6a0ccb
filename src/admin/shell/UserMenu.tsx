import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { AdminPublic } from '../../shared/schemas/auth';
import { Icon } from '../components/Icon';
import { useDismiss } from '../hooks/use-dismiss';

/** The top bar's user dropdown: who is signed in, the session time left, Account Settings and Logout. */
export function UserMenu({
  admin,
  minutesLeft,
  onLogout,
}: {
  admin: AdminPublic;
  minutesLeft: number;
  onLogout: () => void;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useDismiss(open, rootRef, (how) => {
    setOpen(false);
    if (how === 'escape') buttonRef.current?.focus();
  });

  return (
    <div
      className="user-menu"
      ref={rootRef}
      onBlur={(event) => {
        // Tabbing out of the open menu closes it.
        if (open && !(event.relatedTarget instanceof Node && rootRef.current?.contains(event.relatedTarget)))
          setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="user-button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="avatar" aria-hidden="true">
          {admin.username.slice(0, 1).toUpperCase()}
        </span>
        <span className="user-button-name">{admin.username}</span>
        <Icon name="chevronDown" size={16} />
      </button>
      <div id={panelId} className="user-panel" hidden={!open}>
        <div className="user-panel-head">
          <p className="user-panel-name">{admin.username}</p>
          <p className="user-panel-role">
            <span className="badge badge-role">{admin.role}</span>
          </p>
          <p className="user-panel-session">Session: {minutesLeft} min remaining</p>
        </div>
        <ul className="user-panel-links">
          <li>
            <Link to="/profile" onClick={() => setOpen(false)}>
              <Icon name="settings" /> Account Settings
            </Link>
          </li>
          <li>
            <button
              type="button"
              onClick={() => {
                setOpen(false);
                onLogout();
              }}
            >
              <Icon name="logout" /> Logout
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
