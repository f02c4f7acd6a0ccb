import { createContext, useContext, useEffect } from 'react';
import type { AdminPublic } from '../../shared/schemas/auth';
import { useSiteName } from './site-name';

export interface AdminContextValue {
  admin: AdminPublic;
  setAdmin: (admin: AdminPublic) => void;
  /** Unread contact messages, for the sidebar badge and the dashboard. */
  unread: number;
  setUnread: (count: number) => void;
  logout: () => Promise<void>;
}

export const AdminContext = createContext<AdminContextValue | null>(null);

/** The signed-in admin; only pages inside the shell (which verified the session) may call it. */
export function useAdmin(): AdminContextValue {
  const value = useContext(AdminContext);
  if (!value) throw new Error('useAdmin() must be used inside the admin shell');
  return value;
}

/** Sets the tab title: the page, then the portal's name with the practitioner's site name (site-name.ts). */
export function useDocumentTitle(title: string): void {
  const siteName = useSiteName();
  useEffect(() => {
    document.title = siteName ? `${title} · Admin Portal, ${siteName}` : `${title} · Admin Portal`;
  }, [title, siteName]);
}
