import type { ReactNode } from 'react';

/**
 * A card of an admin screen named by its heading (the section's accessible name), with an optional link or button
 * beside the heading ("Manage", "All bookings").
 */
export function TitledCard({
  id,
  title,
  className = 'card',
  action,
  children,
}: {
  /** The heading's id, which the section's aria-labelledby names. */
  id: string;
  title: ReactNode;
  className?: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  const heading = (
    <h2 id={id} className="card-title">
      {title}
    </h2>
  );
  return (
    <section className={className} aria-labelledby={id}>
      {action ? (
        <div className="card-head">
          {heading}
          {action}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}
