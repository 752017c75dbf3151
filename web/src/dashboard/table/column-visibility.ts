import type { ColumnVisibilityState } from '@tanstack/react-table';

// Which columns a member hid, per table, kept in this browser (localStorage) so the table
// opens the way they left it. Storage may be off or full: then it is only remembered until
// the page is left.

const KEY_PREFIX = 'lunar.dashboard.columns.';

export function loadColumnVisibility(tableId: string): ColumnVisibilityState {
  try {
    const stored = JSON.parse(window.localStorage.getItem(KEY_PREFIX + tableId) ?? '{}');
    if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return {};
    return Object.fromEntries(
      Object.entries(stored).filter(
        (entry): entry is [string, boolean] => typeof entry[1] === 'boolean',
      ),
    );
  } catch {
    return {};
  }
}

export function saveColumnVisibility(tableId: string, visibility: ColumnVisibilityState): void {
  try {
    window.localStorage.setItem(KEY_PREFIX + tableId, JSON.stringify(visibility));
  } catch {
    // Private mode or a full quota: the choice lasts for this page only.
  }
}
