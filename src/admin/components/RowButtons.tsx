import type { ReactNode } from 'react';
import { Icon } from './Icon';

// The text buttons that add and remove the rows of an editable list in the admin forms (service and site settings,
// docs/admin.md). Every Remove names its row for screen readers, as the list shows several alike.

export function AddRowButton({ onClick, children, id }: { onClick: () => void; children: ReactNode; id?: string }) {
  return (
    <button type="button" id={id} className="button button-ghost button-sm" onClick={onClick}>
      <Icon name="plus" size={16} /> {children}
    </button>
  );
}

export function RemoveRowButton({
  onClick,
  children,
  row,
  className,
}: {
  onClick: () => void;
  children: ReactNode;
  /** The row's number, read out after the visible label. */
  row?: number;
  className?: string;
}) {
  return (
    <button
      type="button"
      className={`button button-ghost button-sm button-danger-text${className ? ` ${className}` : ''}`}
      onClick={onClick}
    >
      <Icon name="trash" size={16} /> {children}
      {row !== undefined ? <span className="visually-hidden"> {row}</span> : null}
    </button>
  );
}

/** A table or list row's trash icon button; `children` names the item for screen readers ("Delete banner …"). */
export function DeleteIconButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" className="icon-button icon-button-danger" title="Delete" onClick={onClick}>
      <Icon name="trash" />
      <span className="visually-hidden">{children}</span>
    </button>
  );
}
