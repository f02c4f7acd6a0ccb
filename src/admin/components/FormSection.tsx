import type { ReactNode } from 'react';
import './FormSection.css';

/** A titled card of a long form; its heading names the section for screen readers, and a lead may say what it is for. */
export function FormSection({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section className="card form-section" aria-labelledby={id}>
      <h2 id={id} className="card-title">
        {title}
      </h2>
      {lead ? <p className="form-section-lead">{lead}</p> : null}
      <div className="form-grid">{children}</div>
    </section>
  );
}
