import type { ReactNode } from 'react';
import './PageHeader.css';

/** The heading block at the top of every admin page: title, a line under it, and the page's own buttons on the right. */
export function PageHeader({ title, lead, children }: { title: ReactNode; lead: ReactNode; children?: ReactNode }) {
  return (
    <header className="page-header">
      <div>
        <h1 className="page-title">{title}</h1>
        <p className="page-lead">{lead}</p>
      </div>
      {children}
    </header>
  );
}
