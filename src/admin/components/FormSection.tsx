import type { ReactNode } from 'react';
import './FormSection.css';

/** A titled card of a long form; its heading names the section for screen readers. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section className="card form-section" aria-labelledby={id}>
      <h2 id={id} className="card-title">
        {title}
      </h2>
      <div className="form-grid">{children}</div>
    </section>
  );
}
