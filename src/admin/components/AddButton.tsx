import type { ReactNode } from 'react';
import { Icon } from './Icon';

/** A list page's primary "+ Add …" button (in its header and its empty state), opening the editor for a new item. */
export function AddButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" className="button button-primary" onClick={onClick}>
      <Icon name="plus" /> {children}
    </button>
  );
}
