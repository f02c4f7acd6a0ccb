import type { ReactNode } from 'react';
import { DeleteIconButton } from './RowButtons';

/**
 * A table row's actions cell (the service and banner lists): the row's own links or buttons, then the trash icon
 * that asks before deleting. `deleteLabel` names the item for screen readers ("Delete banner …").
 */
export function RowActions({
  children,
  onDelete,
  deleteLabel,
}: {
  children: ReactNode;
  onDelete: () => void;
  deleteLabel: ReactNode;
}) {
  return (
    <td data-label="Actions">
      <div className="row-actions">
        {children}
        <DeleteIconButton onClick={onDelete}>{deleteLabel}</DeleteIconButton>
      </div>
    </td>
  );
}
