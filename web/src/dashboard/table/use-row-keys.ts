import { type RefObject, useEffect, useRef } from 'react';

// The table's keyboard, as in Linear's lists: j/k (or the arrows, from a row) move a visible
// focus between rows, Enter opens the focused row, `/` goes to the search box. Keys typed in
// a field, a menu, a popover or a dialog are theirs, not the table's.

const ROW = '[data-row-index]';

function isTheirs(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target.closest('input, textarea, select, [role="dialog"], [role="menu"], [cmdk-root]')) {
    return true;
  }
  return false;
}

export function useRowKeys({
  rowsRef,
  searchRef,
  onOpen,
}: {
  /** What holds the rows: each focusable row has data-row-index and tabIndex -1. */
  rowsRef: RefObject<HTMLElement | null>;
  searchRef: RefObject<HTMLInputElement | null>;
  /** Opens the row at that index (its detail page). */
  onOpen?: (index: number) => void;
}) {
  const open = useRef(onOpen);
  open.current = onOpen;
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTheirs(event.target)) return;
      const rows = [...(rowsRef.current?.querySelectorAll<HTMLElement>(ROW) ?? [])];
      // From a row, or from a link or button inside one: j/k move on from that row.
      const active = document.activeElement;
      const row = active?.closest<HTMLElement>(ROW) ?? null;
      const current = row ? rows.indexOf(row) : -1;
      const fromRow = current >= 0;
      if (event.key === '/') {
        event.preventDefault();
        searchRef.current?.focus();
        return;
      }
      const down = event.key === 'j' || (fromRow && event.key === 'ArrowDown');
      const up = event.key === 'k' || (fromRow && event.key === 'ArrowUp');
      if (down || up) {
        if (rows.length === 0) return;
        event.preventDefault();
        const next = !fromRow
          ? 0
          : Math.min(rows.length - 1, Math.max(0, current + (down ? 1 : -1)));
        rows[next]?.focus();
        rows[next]?.scrollIntoView({ block: 'nearest' });
        return;
      }
      // Enter on the row itself; on a link or button inside it, Enter is theirs.
      if (event.key === 'Enter' && fromRow && active === row && open.current) {
        event.preventDefault();
        open.current(Number(rows[current]?.dataset.rowIndex));
      }
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [rowsRef, searchRef]);
}
