// The "Order on the site" card of the service and banner lists (docs/admin.md, "Order on the site"): the list moved
// with OrderList, shown in its new order at once, then saved whole by useOrderSaver.
import type { ReactNode } from 'react';
import { moveItem } from '../../../shared/ordering';
import { OrderList, type OrderItem } from './OrderList';
import { useOrderSaver } from './use-order-saver';

/** What a list page hands its order panel. */
export interface OrderPanelData<T> {
  /** Every item, in the stored order. */
  list: readonly T[];
  /** Shows the new order at once; the request follows. */
  onChange: (next: T[]) => void;
  /** A failed save: reload the list from the server. */
  onFailure: () => void;
}

export function OrderPanel<T extends { _id: string }>({
  id,
  title,
  note,
  intro,
  list,
  label,
  toItem,
  place,
  reorder,
  onChange,
  onFailure,
}: {
  /** The section's id (a link target); its heading is `<id>-title`. */
  id: string;
  title: string;
  /** A short line beside the heading. */
  note?: string;
  /** Text between the heading and the list. */
  intro?: ReactNode;
  /** The list's accessible name. */
  label: string;
  toItem: (item: T) => OrderItem;
  /** The item at its new place `index`, with the position the server will store. */
  place: (item: T, index: number) => T;
  /** Saves the whole order; must be stable (useOrderSaver keeps it). */
  reorder: (ids: readonly string[]) => Promise<unknown>;
} & OrderPanelData<T>) {
  const save = useOrderSaver(reorder, onFailure);
  const move = (index: number, delta: number) => {
    const next = moveItem(list, index, delta).map(place);
    onChange(next);
    save(next.map((item) => item._id));
  };
  return (
    <section id={id} className="card card-flush">
      <div className="card-head">
        <h2 id={`${id}-title`} className="card-title">
          {title}
        </h2>
        {note ? <p className="muted card-head-note">{note}</p> : null}
      </div>
      {intro}
      {list.length > 0 ? <OrderList items={list.map(toItem)} label={label} onMove={move} /> : null}
    </section>
  );
}
