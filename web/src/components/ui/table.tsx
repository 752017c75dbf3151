import { type ReactNode, useState } from 'react';

// The staff side's one table: a caption that names it, column headers with scope, the first
// column as the row's header, sortable columns announced through aria-sort, and a focusable
// scroll region so keyboard users can scroll a wide table.

export type Column<Row> = {
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** Makes the column sortable by this value. */
  sortValue?: (row: Row) => string | number;
  align?: 'left' | 'right';
};

type SortState = { columnId: string; direction: 'ascending' | 'descending' };

export function sortRows<Row>(rows: readonly Row[], columns: Column<Row>[], sort?: SortState) {
  const value = columns.find((column) => column.id === sort?.columnId)?.sortValue;
  if (!sort || !value) return [...rows];
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const [x, y] = [value(a), value(b)];
    const order =
      typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    return sign * order;
  });
}

export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  empty = 'Nothing here yet.',
  initialSort,
}: {
  /** Names the table for assistive technology (shown only to them). */
  caption: string;
  columns: Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  empty?: ReactNode;
  initialSort?: SortState;
}) {
  const [sort, setSort] = useState<SortState | undefined>(initialSort);
  const shown = sortRows(rows, columns, sort);
  const alignClass = (column: Column<Row>) => (column.align === 'right' ? 'text-right' : '');

  function toggle(columnId: string) {
    setSort((current) => ({
      columnId,
      direction:
        current?.columnId === columnId && current.direction === 'ascending'
          ? 'descending'
          : 'ascending',
    }));
  }

  return (
    <section
      aria-label={caption}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to be scrolled by keyboard
      tabIndex={0}
      className="overflow-x-auto rounded-xl border border-line"
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-panel text-muted">
          <tr>
            {columns.map((column) => (
              <th
                key={column.id}
                scope="col"
                aria-sort={sort?.columnId === column.id ? sort.direction : undefined}
                className={`px-4 py-3 font-medium ${alignClass(column)}`}
              >
                {column.sortValue ? (
                  <button
                    type="button"
                    onClick={() => toggle(column.id)}
                    className="font-medium hover:text-white"
                  >
                    {column.header}
                    <span aria-hidden="true">
                      {sort?.columnId !== column.id
                        ? ' ↕'
                        : sort.direction === 'ascending'
                          ? ' ↑'
                          : ' ↓'}
                    </span>
                  </button>
                ) : (
                  column.header
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {shown.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="px-4 py-8 text-center text-muted">
                {empty}
              </td>
            </tr>
          ) : (
            shown.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((column, index) =>
                  index === 0 ? (
                    <th
                      key={column.id}
                      scope="row"
                      className={`px-4 py-3 font-medium ${alignClass(column)}`}
                    >
                      {column.cell(row)}
                    </th>
                  ) : (
                    <td key={column.id} className={`px-4 py-3 ${alignClass(column)}`}>
                      {column.cell(row)}
                    </td>
                  ),
                )}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </section>
  );
}
