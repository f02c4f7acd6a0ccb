import { NavLink } from 'react-router';
import { formatDateTime } from '../../shared/format';
import type { AdminPublic } from '../../shared/schemas/auth';
import { Icon, type IconName } from '../components/Icon';

const LINKS: { to: string; label: string; icon: IconName; end?: boolean }[] = [
  { to: '/dashboard', label: 'Dashboard', icon: 'dashboard' },
  // Second: on a first day the Site screen is where the site becomes the practitioner's own (docs/admin.md).
  { to: '/site', label: 'Site', icon: 'lotus' },
  { to: '/services/create', label: 'Add Service', icon: 'plus' },
  { to: '/services', label: 'All Services', icon: 'list', end: true },
  { to: '/categories', label: 'Categories', icon: 'list' },
  { to: '/bookings', label: 'Bookings', icon: 'calendar' },
  { to: '/availability', label: 'Availability', icon: 'clock' },
  { to: '/clients', label: 'Clients', icon: 'users' },
  { to: '/banners', label: 'Banners', icon: 'image' },
  { to: '/messages', label: 'Messages', icon: 'mail' },
  { to: '/testimonials', label: 'Testimonials', icon: 'star' },
  { to: '/trash', label: 'Trash', icon: 'trash' },
];

/** The slide-in navigation: docked on wide screens, an overlay drawer on phones and tablets. */
export function Sidebar({
  id,
  open,
  admin,
  unread,
  onNavigate,
}: {
  id: string;
  open: boolean;
  admin: AdminPublic;
  unread: number;
  onNavigate: () => void;
}) {
  return (
    <aside id={id} className={open ? 'sidebar open' : 'sidebar'} aria-label="Admin navigation">
      <nav>
        <ul className="sidebar-links">
          {LINKS.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end={link.end ?? false} onClick={onNavigate}>
                <Icon name={link.icon} />
                <span>{link.label}</span>
                {link.to === '/messages' && unread > 0 ? (
                  <span className="count-badge" aria-label={`${unread} unread`}>
                    {unread}
                  </span>
                ) : null}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <section className="admin-card" aria-label="Signed in as">
        <div className="admin-card-head">
          <span className="avatar avatar-lg" aria-hidden="true">
            {admin.username.slice(0, 1).toUpperCase()}
          </span>
          <div>
            <p className="admin-card-name">{admin.username}</p>
            <span className="badge badge-role">{admin.role}</span>
          </div>
        </div>
        <p className="admin-card-line" title={admin.email}>
          {admin.email}
        </p>
        <p className="admin-card-line muted">
          Last login: {admin.lastLogin ? formatDateTime(admin.lastLogin) : 'Never'}
        </p>
      </section>
    </aside>
  );
}
