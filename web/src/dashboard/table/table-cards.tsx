import type { ReactNode, RefObject } from 'react';
import { Link } from 'react-router';
import type { TableColumn } from './data-table';
import { type RowAction, RowActions } from './row-actions';

// A phone's table: each row a card naming the row (its first column, the link to it) with
// the other columns as label and value, so nothing scrolls sideways at 360 px. DataTable
// passes the columns the table shows (hidden ones and `card: false` left out).

export function TableCards<Row>({
  caption,
  rows,
  columns,
  rowKey,
  rowHref,
  linkState,
  actions,
  busy,
  listRef,
  empty,
}: {
  caption: string;
  rows: Row[];
  columns: TableColumn<Row>[];
  rowKey: (row: Row) => string | number;
  rowHref?: (row: Row) => string;
  linkState: unknown;
  actions?: (row: Row) => RowAction[];
  busy: boolean;
  listRef: RefObject<HTMLElement | null>;
  empty: ReactNode;
}) {
  const [title, ...shown] = columns;
  if (!title) return null;
  return (
    <section ref={listRef} aria-label={`${caption} list`} aria-busy={busy}>
      {empty}
      {busy && rows.length === 0 && <p className="py-6 text-center text-muted">Loading…</p>}
      <ul className="space-y-2">
        {rows.map((row, index) => (
          <li
            key={rowKey(row)}
            data-row-index={index}
            tabIndex={-1}
            className="rounded-xl border border-line bg-panel/40 p-3 text-sm focus:bg-white/10"
          >
            <div className="flex items-start justify-between gap-2">
              {rowHref ? (
                <Link
                  to={rowHref(row)}
                  state={linkState}
                  className="font-semibold text-lavender underline"
                >
                  {title.cell(row)}
                </Link>
              ) : (
                <span className="font-semibold">{title.cell(row)}</span>
              )}
              {actions && <RowActions name={String(rowKey(row))} actions={actions(row)} />}
            </div>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
              {shown.map((column) => (
                <div key={column.id} className="contents">
                  <dt className="text-muted">{column.header}</dt>
                  <dd className="min-w-0 break-words">{column.cell(row)}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </section>
  );
}
