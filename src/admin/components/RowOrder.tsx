// Moving the rows of a list table in place (docs/admin.md, "Order on the site"): the services and banners lists are
// shown in the site's order and each row carries its own controls. The keyboard, a screen reader and a phone use the
// "Move up", "Move down" and "Move to the top" buttons; a mouse or a finger may also drag a row by its handle
// (pointer events, so touch works as well as a mouse; the handle takes no touch scrolling). Each move is saved at
// once, the whole order in one request, one request after the other; each save is confirmed, and a failed one is
// undone on screen with a notice.
import {
  useCallback,
  useLayoutEffect,
  useRef,
  useState,
  type PointerEvent as ReactPointerEvent,
  type ReactNode,
} from 'react';
import { moveItem } from '../../shared/ordering';
import { ORDER_MESSAGES } from '../../shared/schemas/order';
import { messageOr } from '../api/client';
import { DataTable } from './DataTable';
import { GOES_LIVE_HINT } from './save-notice';
import { Icon, type IconName } from './Icon';
import { dismissToast, showToast } from './Toasts';
import './RowOrder.css';

type Action = 'up' | 'down' | 'top';

/** Within this distance of the window's top or bottom edge, a drag scrolls the page (a long list on a phone). */
const EDGE_PX = 72;
const SCROLL_STEP_PX = 14;

interface Drag {
  id: string;
  from: number;
  /** Where the row would land: its index once moved. */
  to: number;
}

export interface RowOrderOptions<T extends { _id: string }> {
  /** Every item, in the stored order. */
  list: readonly T[];
  /** The item's name in buttons and announcements. */
  name: (item: T) => string;
  /** Shows a new order (the caller sets the order numbers the server will store). */
  apply: (next: T[]) => void;
  /** Saves the whole order; one call per move. */
  save: (ids: readonly string[]) => Promise<unknown>;
  /** False while the list is filtered or sorted otherwise: the controls are not shown. */
  enabled: boolean;
}

export interface RowOrder {
  enabled: boolean;
  /** The row element, measured while a row is dragged. */
  rowRef: (id: string) => (element: HTMLElement | null) => void;
  /** The row's classes while a drag is under way ('' otherwise). */
  rowClass: (id: string, index: number) => string;
  /** What MoveControls needs. */
  move: (index: number, action: Action) => void;
  startDrag: (index: number, event: ReactPointerEvent<HTMLElement>) => void;
  buttonRef: (key: string) => (element: HTMLButtonElement | null) => void;
  count: number;
  dragging: boolean;
  announcement: string;
}

export function useRowOrder<T extends { _id: string }>({
  list,
  name,
  apply,
  save,
  enabled,
}: RowOrderOptions<T>): RowOrder {
  const rows = useRef(new Map<string, HTMLElement>());
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const [announcement, setAnnouncement] = useState('');
  const [drag, setDrag] = useState<Drag | null>(null);
  /** The button that moved an item, focused again once the list has re-rendered in its new order. */
  const refocus = useRef<{ id: string; action: Action } | null>(null);

  // What the server holds: the order to go back to when a save fails. It follows every list loaded from the server
  // (no save under way) and every save that succeeded.
  const stored = useRef<string[]>([]);
  const inFlight = useRef(0);
  const latest = useRef(list);
  useLayoutEffect(() => {
    latest.current = list;
    if (inFlight.current === 0) stored.current = list.map((item) => item._id);
  }, [list]);

  const queue = useRef<Promise<void>>(Promise.resolve());
  /** Bumped by a failure: the saves queued behind it belong to moves that were undone with it. */
  const generation = useRef(0);
  const lastNotice = useRef<number | null>(null);

  const enqueue = useCallback(
    (ids: string[], moved: T) => {
      const mine = generation.current;
      inFlight.current += 1;
      queue.current = queue.current.then(async () => {
        try {
          if (mine !== generation.current) return;
          await save(ids);
          if (mine !== generation.current) return;
          stored.current = ids;
          if (lastNotice.current !== null) dismissToast(lastNotice.current);
          lastNotice.current = showToast({ tone: 'success', title: ORDER_MESSAGES.saved, detail: GOES_LIVE_HINT });
        } catch (error) {
          generation.current += 1;
          // Back to the order the server holds, keeping any row that arrived meanwhile (at the end).
          const byId = new Map(latest.current.map((item) => [item._id, item]));
          const back = stored.current.flatMap((id) => {
            const item = byId.get(id);
            return item ? [item] : [];
          });
          const rest = latest.current.filter((item) => !stored.current.includes(item._id));
          apply([...back, ...rest]);
          const place = stored.current.indexOf(moved._id) + 1;
          const where = place > 0 ? ` ‘${name(moved)}’ is back at position ${place}.` : '';
          setAnnouncement(`The move was not saved.${where}`);
          if (lastNotice.current !== null) dismissToast(lastNotice.current);
          lastNotice.current = null;
          showToast({
            tone: 'error',
            title: messageOr(error, 'The new order could not be saved'),
            detail: `The move was undone, so the list shows the order as it is saved.${where}`,
          });
        } finally {
          inFlight.current -= 1;
        }
      });
    },
    [apply, name, save],
  );

  const moveTo = useCallback(
    (from: number, to: number, action: Action | null) => {
      const current = latest.current;
      const item = current[from];
      const target = Math.max(0, Math.min(current.length - 1, to));
      if (!item || target === from) return;
      const next = moveItem(current, from, target - from);
      refocus.current = action ? { id: item._id, action } : null;
      setAnnouncement(`‘${name(item)}’ moved to position ${target + 1} of ${current.length}.`);
      apply(next);
      enqueue(
        next.map((entry) => entry._id),
        item,
      );
    },
    [apply, enqueue, name],
  );

  // React moves the row's DOM node, which drops focus: put it back on the same button, or, when the row has reached
  // an end and that button is now disabled, on the one that still works.
  useLayoutEffect(() => {
    const moved = refocus.current;
    if (!moved) return;
    refocus.current = null;
    const fallback: Action = moved.action === 'down' ? 'up' : 'down';
    const own = buttons.current.get(`${moved.id}:${moved.action}`);
    const other = buttons.current.get(`${moved.id}:${fallback}`);
    (own && !own.disabled ? own : other)?.focus();
  }, [list]);

  const move = useCallback(
    (index: number, action: Action) => {
      const to = action === 'top' ? 0 : action === 'up' ? index - 1 : index + 1;
      moveTo(index, to, action);
    },
    [moveTo],
  );

  const startDrag = useCallback(
    (index: number, event: ReactPointerEvent<HTMLElement>) => {
      if (!enabled || drag || (event.pointerType === 'mouse' && event.button !== 0)) return;
      const current = latest.current;
      const item = current[index];
      if (!item) return;
      event.preventDefault();
      const handle = event.currentTarget;
      const pointerId = event.pointerId;
      handle.setPointerCapture(pointerId);
      const startY = event.clientY;
      let y = startY;
      /** A row grabbed near the window's edge must not set the page scrolling before it is actually moved. */
      let moved = false;
      let to = index;
      let frame = 0;

      // The landing place: how many of the other rows lie above the pointer (by their middles).
      const landing = () =>
        current.reduce((count, other, i) => {
          if (i === index) return count;
          const box = rows.current.get(other._id)?.getBoundingClientRect();
          return box && box.top + box.height / 2 < y ? count + 1 : count;
        }, 0);
      const follow = () => {
        const next = landing();
        if (next !== to) {
          to = next;
          setDrag({ id: item._id, from: index, to });
        }
      };
      // Near the window's edges the page scrolls, so a row can travel the whole list on a phone.
      const scroll = () => {
        const step = !moved ? 0 : y < EDGE_PX ? -SCROLL_STEP_PX : y > window.innerHeight - EDGE_PX ? SCROLL_STEP_PX : 0;
        if (step !== 0) {
          window.scrollBy({ top: step, behavior: 'instant' });
          follow();
        }
        frame = requestAnimationFrame(scroll);
      };
      const onMove = (moveEvent: PointerEvent) => {
        if (moveEvent.pointerId !== pointerId) return;
        y = moveEvent.clientY;
        if (Math.abs(y - startY) > 8) moved = true;
        follow();
      };
      const finish = (commit: boolean) => {
        cancelAnimationFrame(frame);
        handle.removeEventListener('pointermove', onMove);
        handle.removeEventListener('pointerup', onUp);
        handle.removeEventListener('pointercancel', onCancel);
        window.removeEventListener('keydown', onKey, true);
        if (handle.hasPointerCapture(pointerId)) handle.releasePointerCapture(pointerId);
        setDrag(null);
        if (commit) moveTo(index, to, null);
        else setAnnouncement(`The move of ‘${name(item)}’ was cancelled.`);
      };
      const onUp = (upEvent: PointerEvent) => {
        if (upEvent.pointerId === pointerId) finish(true);
      };
      const onCancel = (cancelEvent: PointerEvent) => {
        if (cancelEvent.pointerId === pointerId) finish(false);
      };
      const onKey = (keyEvent: KeyboardEvent) => {
        if (keyEvent.key !== 'Escape') return;
        keyEvent.preventDefault();
        keyEvent.stopPropagation();
        finish(false);
      };
      handle.addEventListener('pointermove', onMove);
      handle.addEventListener('pointerup', onUp);
      handle.addEventListener('pointercancel', onCancel);
      window.addEventListener('keydown', onKey, true);
      frame = requestAnimationFrame(scroll);
      setDrag({ id: item._id, from: index, to: index });
    },
    [drag, enabled, moveTo, name],
  );

  const rowRef = useCallback(
    (id: string) => (element: HTMLElement | null) => {
      if (element) rows.current.set(id, element);
      else rows.current.delete(id);
    },
    [],
  );
  const buttonRef = useCallback(
    (key: string) => (element: HTMLButtonElement | null) => {
      if (element) buttons.current.set(key, element);
      else buttons.current.delete(key);
    },
    [],
  );

  const rowClass = (id: string, index: number): string => {
    if (!drag) return '';
    if (drag.id === id) return 'is-dragging';
    if (drag.to === drag.from) return '';
    // The line shows where the row lands: above the row it displaces when moving up, below it when moving down.
    if (index === drag.to) return drag.to < drag.from ? 'drop-before' : 'drop-after';
    return '';
  };

  return {
    enabled,
    rowRef,
    rowClass,
    move,
    startDrag,
    buttonRef,
    count: list.length,
    dragging: drag !== null,
    announcement,
  };
}

/** The three moves a row offers, in button order: its icon, and how its name ends ("Move ‘Tarot Reading’ up"). */
const MOVES: readonly { action: Action; icon: IconName; words: string }[] = [
  { action: 'up', icon: 'arrowUp', words: 'up' },
  { action: 'down', icon: 'arrowDown', words: 'down' },
  { action: 'top', icon: 'toTop', words: 'to the top' },
];

/**
 * The row's ORDER cell: its place in the site order and, when moving is on, the drag handle and the three buttons,
 * each named after the item ("Move ‘Tarot Reading’ up") so a screen reader and a test find the right one.
 */
export function MoveCell({ order, index, id, name }: { order: RowOrder; index: number; id: string; name: string }) {
  const key = (action: Action) => `${id}:${action}`;
  return (
    <td data-label="Order" className="cell-order">
      <div className="row-order">
        <span className="row-order-place">
          {order.enabled ? (
            <span
              className="drag-handle"
              aria-hidden="true"
              title="Drag to move"
              onPointerDown={(event) => order.startDrag(index, event)}
            >
              <Icon name="grip" />
            </span>
          ) : null}
          <span className="order-pill">{index + 1}</span>
        </span>
        {order.enabled ? (
          <span className="row-order-buttons">
            {MOVES.map(({ action, icon, words }) => (
              <MoveButton
                key={action}
                order={order}
                refKey={key(action)}
                disabled={action === 'down' ? index === order.count - 1 : index === 0}
                onClick={() => order.move(index, action)}
              >
                <Icon name={icon} />
                <span className="visually-hidden">
                  Move ‘{name}’ {words}
                </span>
              </MoveButton>
            ))}
          </span>
        ) : null}
      </div>
    </td>
  );
}

function MoveButton({
  order,
  refKey,
  disabled,
  onClick,
  children,
}: {
  order: RowOrder;
  refKey: string;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      ref={order.buttonRef(refKey)}
      type="button"
      className="icon-button order-button"
      disabled={disabled}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

/** The polite live region that says where a moved row went (one per list). */
export function MoveAnnouncer({ order }: { order: RowOrder }) {
  return (
    <p className="visually-hidden" role="status" aria-live="polite">
      {order.announcement}
    </p>
  );
}

/**
 * A list whose rows move: its table, then the list's one live region (MoveAnnouncer). The live region is there
 * whenever the table is, so a move can always be read out.
 */
export function OrderedTable({
  order,
  columns,
  children,
}: {
  order: RowOrder;
  columns: readonly string[];
  children: ReactNode;
}) {
  return (
    <>
      <DataTable columns={columns}>{children}</DataTable>
      <MoveAnnouncer order={order} />
    </>
  );
}
