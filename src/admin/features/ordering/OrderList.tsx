// An ordered list moved with "Move up" / "Move down" buttons (docs/admin.md, "Order on the site"): the keyboard, a
// screen reader and a phone can all use them, and focus stays on the moved item's button. A mouse may also drag a
// row onto another (native drag and drop, which touch screens do not offer; the buttons remain the way there).
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Icon } from '../../components/Icon';
import './order-list.css';

export interface OrderItem {
  id: string;
  name: string;
  /** Short badges after the name (Draft, Featured, On the home page…). */
  badges?: ReactNode;
}

type Direction = 'up' | 'down';

export function OrderList({
  items,
  label,
  onMove,
  disabled = false,
}: {
  items: readonly OrderItem[];
  /** The list's accessible name, e.g. "Services, as the site lists them". */
  label: string;
  /** Moves the item at `index` by `delta` places (±1 from the buttons, any distance from a drop). */
  onMove: (index: number, delta: number) => void;
  disabled?: boolean;
}) {
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  /** The button that moved an item, to focus again once the list has re-rendered in its new order. */
  const pending = useRef<{ id: string; direction: Direction } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [drag, setDrag] = useState<{ from: number; over: number | null } | null>(null);

  // React moves the item's DOM node, which drops focus: put it back on the same button, or on the other one when
  // the item has reached an end and its button is now disabled.
  useLayoutEffect(() => {
    const moved = pending.current;
    if (!moved) return;
    pending.current = null;
    const own = buttons.current.get(`${moved.id}:${moved.direction}`);
    const other = buttons.current.get(`${moved.id}:${moved.direction === 'up' ? 'down' : 'up'}`);
    const target = own && !own.disabled ? own : other;
    target?.focus();
  }, [items]);

  const move = (index: number, direction: Direction) => {
    const item = items[index];
    if (!item) return;
    const delta = direction === 'up' ? -1 : 1;
    pending.current = { id: item.id, direction };
    setAnnouncement(`‘${item.name}’ moved to position ${index + delta + 1} of ${items.length}.`);
    onMove(index, delta);
  };

  const drop = (to: number) => {
    const from = drag?.from;
    setDrag(null);
    const item = from === undefined ? undefined : items[from];
    if (from === undefined || !item || from === to) return;
    setAnnouncement(`‘${item.name}’ moved to position ${to + 1} of ${items.length}.`);
    onMove(from, to - from);
  };

  const ref = (key: string) => (element: HTMLButtonElement | null) => {
    if (element) buttons.current.set(key, element);
    else buttons.current.delete(key);
  };

  return (
    <>
      <ol className="order-list" aria-label={label}>
        {items.map((item, index) => (
          <li
            key={item.id}
            className={[
              'order-item',
              drag?.from === index ? 'is-dragging' : '',
              drag && drag.over === index && drag.from !== index ? 'is-drop-target' : '',
            ]
              .filter(Boolean)
              .join(' ')}
            draggable={!disabled}
            onDragStart={(event) => {
              event.dataTransfer.effectAllowed = 'move';
              event.dataTransfer.setData('text/plain', item.name);
              setDrag({ from: index, over: null });
            }}
            onDragOver={(event) => {
              if (!drag) return;
              event.preventDefault();
              if (drag.over !== index) setDrag({ ...drag, over: index });
            }}
            onDrop={(event) => {
              event.preventDefault();
              drop(index);
            }}
            onDragEnd={() => setDrag(null)}
          >
            <span className="order-number" aria-hidden="true">
              {index + 1}
            </span>
            <span className="order-name">
              <span className="order-title">{item.name}</span>
              {item.badges ? <span className="order-badges">{item.badges}</span> : null}
            </span>
            <span className="order-buttons">
              <button
                ref={ref(`${item.id}:up`)}
                type="button"
                className="icon-button order-button"
                disabled={disabled || index === 0}
                onClick={() => move(index, 'up')}
              >
                <Icon name="arrowUp" />
                <span className="visually-hidden">Move ‘{item.name}’ up</span>
              </button>
              <button
                ref={ref(`${item.id}:down`)}
                type="button"
                className="icon-button order-button"
                disabled={disabled || index === items.length - 1}
                onClick={() => move(index, 'down')}
              >
                <Icon name="arrowDown" />
                <span className="visually-hidden">Move ‘{item.name}’ down</span>
              </button>
            </span>
          </li>
        ))}
      </ol>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </>
  );
}
