import type { ReactNode } from 'react';
import './DataTable.css';

/**
 * The admin list table: a scroll wrapper, a header row of column names and the caller's rows. `table-stack` turns
 * each row into a card on narrow screens, where every cell's data-label stands in for its column heading.
 */
export function DataTable({ columns, children }: { columns: readonly string[]; children: ReactNode }) {
  return (
    <div className="table-wrap">
      <table className="table table-stack">
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
