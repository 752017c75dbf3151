import { useCallback, useEffect, useRef, useState } from 'react';
import { buttonClass } from '../../components/ui/button';

// The row editors of Site content (services, pricing, stats, promos; a portfolio's skills,
// expertise and testimonials): a list edited in place, saved whole. Rows are added, removed and
// moved with buttons, so the keyboard does everything a mouse does; focus follows the row that
// moved (on the button pressed, or its other arrow once it reaches an end), a new row's first
// field, or the Add button after a removal. Nothing is stored until the form saves, so removing
// needs no confirmation ('Undo changes' brings back what is saved).

/** A row as edited: the item and a key that stays with it while it moves. */
export type Keyed<T> = T & { key: number };

let nextKey = 0;
const keyed = <T extends object>(items: readonly T[]): Keyed<T>[] =>
  items.map((item) => ({ ...item, key: nextKey++ }));

/** `data-focus` of the list's Add button: focus goes there after a removal. */
export const ADD_FOCUS = 'add';

export function useRowList<T extends object>(initial: () => readonly T[]) {
  const [rows, setRows] = useState(() => keyed(initial()));
  const [focusTarget, setFocusTarget] = useState<string | null>(null);
  const container = useRef<HTMLElement | null>(null);
  const attach = useCallback((element: HTMLElement | null) => {
    container.current = element;
  }, []);
  useEffect(() => {
    if (!focusTarget) return;
    container.current?.querySelector<HTMLElement>(`[data-focus="${focusTarget}"]`)?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

  return {
    rows,
    /** The ref of the element around the rows and the Add button: focus is found inside it. */
    container: attach,
    update(key: number, change: Partial<T>) {
      setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));
    },
    /** Adds `item` at the end and focuses its field marked `focusKey={rowFocus(key, field)}`. */
    add(item: T, field: string) {
      const [row] = keyed([item]);
      if (!row) return;
      setRows((current) => [...current, row]);
      setFocusTarget(rowFocus(row.key, field));
    },
    remove(key: number) {
      setRows((current) => current.filter((row) => row.key !== key));
      setFocusTarget(ADD_FOCUS);
    },
    move(index: number, by: -1 | 1) {
      const target = index + by;
      const row = rows[index];
      if (!row || target < 0 || target >= rows.length) return;
      const next = rows.filter((_, at) => at !== index);
      next.splice(target, 0, row);
      setRows(next);
      const atEdge = target === 0 || target === rows.length - 1;
      const direction = atEdge ? (by === -1 ? 'down' : 'up') : by === -1 ? 'up' : 'down';
      setFocusTarget(rowFocus(row.key, direction));
    },
    /** Back to `items` (after a save, a reset, or 'Undo changes'). */
    replace(items: readonly T[]) {
      setRows(keyed(items));
    },
  };
}

export const rowFocus = (key: number, what: string) => `${key}-${what}`;

/**
 * Up, Down and Remove for row `index` (of `count`), named for screen readers after the row
 * ("move plan 2 up", "Remove plan 2").
 */
export function RowControls({
  noun,
  rowKey,
  index,
  count,
  onMove,
  onRemove,
}: {
  noun: string;
  rowKey: number;
  index: number;
  count: number;
  onMove: (index: number, by: -1 | 1) => void;
  onRemove: (key: number) => void;
}) {
  const number = index + 1;
  return (
    <div className="flex gap-1">
      <button
        type="button"
        data-focus={rowFocus(rowKey, 'up')}
        disabled={index === 0}
        onClick={() => onMove(index, -1)}
        className={buttonClass('ghost', 'sm')}
      >
        Up
        <span className="sr-only">
          : move {noun} {number} up
        </span>
      </button>
      <button
        type="button"
        data-focus={rowFocus(rowKey, 'down')}
        disabled={index === count - 1}
        onClick={() => onMove(index, 1)}
        className={buttonClass('ghost', 'sm')}
      >
        Down
        <span className="sr-only">
          : move {noun} {number} down
        </span>
      </button>
      <button type="button" onClick={() => onRemove(rowKey)} className={buttonClass('ghost', 'sm')}>
        Remove
        <span className="sr-only">
          {' '}
          {noun} {number}
        </span>
      </button>
    </div>
  );
}
