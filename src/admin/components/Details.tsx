import type { ReactNode } from 'react';

/** Labelled values as a description list (`dl.details`), in order; an entry whose value is null is left out. */
export function Details({
  items,
  compact = false,
}: {
  items: readonly (readonly [term: string, value: ReactNode])[];
  compact?: boolean;
}) {
  return (
    <dl className={compact ? 'details details-compact' : 'details'}>
      {items.map(([term, value]) =>
        value === null ? null : (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ),
      )}
    </dl>
  );
}
