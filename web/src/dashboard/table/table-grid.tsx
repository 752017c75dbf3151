import type { ReactTable, RowData } from '@tanstack/react-table';
import type { ReactNode, RefObject } from 'react';
import { ACTIONS_ID, type features } from './table-features';

// The table as a desktop shows it: sortable headers (aria-sort, one click descending first),
// the first cell of each row its row header, rows focusable for the keyboard (use-row-keys).

export function TableGrid<Row extends RowData>({
  table,
  caption,
  align,
  busy,
  loading,
  empty,
  gridRef,
}: {
  table: ReactTable<typeof features, Row>;
  caption: string;
  /** A column's alignment class. */
  align: (columnId: string) => string;
  busy: boolean;
  loading: boolean;
  /** What an empty answer shows; null when there are rows. */
  empty: ReactNode;
  gridRef: RefObject<HTMLElement | null>;
}) {
  const visibleColumns = table.getVisibleLeafColumns();
  const rows = table.getRowModel().rows;
  return (
    <section
      ref={gridRef}
      aria-label={`${caption} table`}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than the screen must be keyboard-scrollable (WCAG 2.1.1)
      tabIndex={0}
      // relative: the sr-only header of the actions column is positioned, and would otherwise
      // escape the scrolling box and widen the page.
      className="relative overflow-x-auto rounded-xl border border-line"
    >
      <table className="w-full text-left text-sm" aria-busy={busy}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-white/5">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                return (
                  <th
                    key={header.id}
                    scope="col"
                    className={`px-3 py-2 font-semibold whitespace-nowrap ${align(header.column.id)}`}
                    aria-sort={
                      sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined
                    }
                  >
                    {header.column.id === ACTIONS_ID ? (
                      <span className="sr-only">Actions</span>
                    ) : header.column.getCanSort() ? (
                      <button
                        type="button"
                        onClick={header.column.getToggleSortingHandler()}
                        className="inline-flex items-center gap-1 hover:text-lavender"
                      >
                        <table.FlexRender header={header} />
                        <span aria-hidden="true">
                          {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                        </span>
                      </button>
                    ) : (
                      <table.FlexRender header={header} />
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {loading && (
            <tr>
              <td colSpan={visibleColumns.length} className="px-3 py-6 text-center text-muted">
                Loading…
              </td>
            </tr>
          )}
          {empty && (
            <tr>
              <td colSpan={visibleColumns.length}>{empty}</td>
            </tr>
          )}
          {rows.map((row, rowIndex) => (
            <tr
              key={row.id}
              data-row-index={rowIndex}
              tabIndex={-1}
              className="border-t border-line -outline-offset-4 hover:bg-white/5 focus:bg-white/10"
            >
              {row.getVisibleCells().map((cell, index) =>
                index === 0 ? (
                  <th
                    key={cell.id}
                    scope="row"
                    className={`px-3 py-2 font-normal ${align(cell.column.id)}`}
                  >
                    <table.FlexRender cell={cell} />
                  </th>
                ) : (
                  <td key={cell.id} className={`px-3 py-2 ${align(cell.column.id)}`}>
                    <table.FlexRender cell={cell} />
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
