import {
  type ColumnDef,
  type ColumnVisibilityState,
  columnVisibilityFeature,
  type RowData,
  rowSortingFeature,
  type SortingState,
  tableFeatures,
  type Updater,
  useTable,
} from '@tanstack/react-table';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { Page } from '../../../../core/shared/page';
import { apiUrl } from '../../../../core/site/api-url';
import { ApiProblem } from '../../components/ui/api-problem';
import { buttonClass } from '../../components/ui/button';
import { useStaffQuery } from '../query';
import { fromList } from './back-to-list';
import { ColumnPicker } from './column-picker';
import { loadColumnVisibility, saveColumnVisibility } from './column-visibility';
import { type TableFilter, TableFilters } from './table-filters';
import {
  filterParams,
  listParams,
  readTableQuery,
  type TableQuery,
  type TableSort,
  writeTableQuery,
} from './table-query';
import { useSearchQuery } from './use-search-query';

export type { TableFilter } from './table-filters';

// The dashboard's one table (TanStack Table, server-driven): the server sorts, filters and
// pages (keyset cursors, core/shared/page.ts); the table renders, keeps the query in the URL,
// and remembers hidden columns per table. Each section describes its columns and filters.

export type TableColumn<Row> = {
  /** Column id; for a sortable column also the server's `sort` value. */
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
  sortable?: boolean;
  /** Hidden until the member shows it. */
  hiddenByDefault?: boolean;
  align?: 'left' | 'right';
};

const features = tableFeatures({ rowSortingFeature, columnVisibilityFeature });
const NO_ROWS: never[] = [];

type DataTableProps<Row> = {
  /** Names the table's remembered settings in this browser, e.g. 'applications'. */
  tableId: string;
  /** Names the table for assistive technology. */
  caption: string;
  /** The list endpoint, answering Page<Row> for `?sort=&order=&cursor=&limit=&<filters>`. */
  endpoint: string;
  columns: TableColumn<Row>[];
  filters?: TableFilter[];
  defaultSort: TableSort;
  rowKey: (row: Row) => string | number;
  /** The row's detail page: its first cell links there. */
  rowHref?: (row: Row) => string;
  pageSize?: number;
  /** e.g. 'No applications match these filters.' */
  empty?: string;
  /** An export of the current filter (e.g. '/api/staff/applications.csv'). */
  exportEndpoint?: string;
};

function useTableQuery(
  filters: TableFilter[],
  columns: TableColumn<unknown>[],
  defaultSort: TableSort,
) {
  const [search, setSearch] = useSearchQuery();
  const filterIds = useMemo(() => filters.map((filter) => filter.id), [filters]);
  const sortIds = useMemo(
    () => columns.filter((column) => column.sortable).map((column) => column.id),
    [columns],
  );
  const query = readTableQuery(search, { filterIds, sortIds, defaultSort });
  const setQuery = useCallback(
    (next: TableQuery) => setSearch(writeTableQuery(next, defaultSort)),
    [setSearch, defaultSort],
  );
  return [query, setQuery] as const;
}

export function DataTable<Row extends RowData>({
  tableId,
  caption,
  endpoint,
  columns,
  filters = [],
  defaultSort,
  rowKey,
  rowHref,
  pageSize = 25,
  empty = 'Nothing matches these filters.',
  exportEndpoint,
}: DataTableProps<Row>) {
  const [query, setQuery] = useTableQuery(filters, columns as TableColumn<unknown>[], defaultSort);
  // Cursors of the pages before this one, for "Previous" (keyset pages only go forward).
  const [previous, setPrevious] = useState<(string | undefined)[]>([]);
  const page = useStaffQuery<Page<Row>>({ path: endpoint, params: listParams(query, pageSize) });

  const [visibility, setVisibility] = useState<ColumnVisibilityState>(() => ({
    ...Object.fromEntries(columns.filter((c) => c.hiddenByDefault).map((c) => [c.id, false])),
    ...loadColumnVisibility(tableId),
  }));
  const onVisibilityChange = useCallback(
    (updater: Updater<ColumnVisibilityState>) =>
      setVisibility((current) => {
        const next = typeof updater === 'function' ? updater(current) : updater;
        saveColumnVisibility(tableId, next);
        return next;
      }),
    [tableId],
  );

  /** A new filter or sort starts again at the first page. */
  const changeQuery = useCallback(
    (change: Partial<Pick<TableQuery, 'sort' | 'filters'>>) => {
      setPrevious([]);
      setQuery({ ...query, ...change, cursor: undefined });
    },
    [query, setQuery],
  );

  const sorting: SortingState = [{ id: query.sort.id, desc: query.sort.order === 'desc' }];
  const onSortingChange = (updater: Updater<SortingState>) => {
    const next = typeof updater === 'function' ? updater(sorting) : updater;
    const first = next[0];
    // Clicking a sorted column a third time would clear the sort: go back to the default.
    changeQuery({
      sort: first ? { id: first.id, order: first.desc ? 'desc' : 'asc' } : defaultSort,
    });
  };

  // Row links remember this list's URL, so the detail page's way back keeps the filters.
  const { pathname, search } = useLocation();
  const columnDefs = useMemo<ColumnDef<typeof features, Row>[]>(
    () =>
      columns.map((column, index) => ({
        id: column.id,
        header: column.header,
        accessorFn: (row: Row) => row,
        cell: ({ row }) =>
          index === 0 && rowHref ? (
            <Link
              to={rowHref(row.original)}
              state={fromList(pathname, search)}
              className="font-semibold text-lavender underline"
            >
              {column.cell(row.original)}
            </Link>
          ) : (
            column.cell(row.original)
          ),
        enableSorting: Boolean(column.sortable),
        // The first column names the row and links to it: always shown.
        enableHiding: index > 0,
      })),
    [columns, rowHref, pathname, search],
  );

  const table = useTable({
    features,
    columns: columnDefs,
    data: page.data?.items ?? (NO_ROWS as Row[]),
    getRowId: (row) => String(rowKey(row)),
    state: { sorting, columnVisibility: visibility },
    onSortingChange,
    onColumnVisibilityChange: onVisibilityChange,
    manualSorting: true,
    enableMultiSort: false,
    sortDescFirst: true,
  });

  const visibleColumns = table.getVisibleLeafColumns();
  const rows = table.getRowModel().rows;
  const total = page.data?.total;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <TableFilters
          filters={filters}
          query={query}
          onChange={(f) => changeQuery({ filters: f })}
        />
        <ColumnPicker table={table} />
        {exportEndpoint && (
          <a
            href={apiUrl({ path: exportEndpoint, params: filterParams(query) })}
            className={buttonClass('secondary', 'sm')}
            download
          >
            Export CSV
          </a>
        )}
      </div>
      <ApiProblem state={page} loading="" failed="The list could not be loaded" />
      <section
        aria-label={`${caption} table`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than the screen must be keyboard-scrollable (WCAG 2.1.1)
        tabIndex={0}
        className="overflow-x-auto rounded-xl border border-line"
      >
        <table className="w-full text-left text-sm" aria-busy={page.status === 'loading'}>
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-white/5">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  const align = columns.find((c) => c.id === header.column.id)?.align;
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      className={`px-3 py-2 font-semibold whitespace-nowrap ${align === 'right' ? 'text-right' : ''}`}
                      aria-sort={
                        sorted === 'asc'
                          ? 'ascending'
                          : sorted === 'desc'
                            ? 'descending'
                            : undefined
                      }
                    >
                      {header.column.getCanSort() ? (
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
            {page.status === 'loading' && (
              <tr>
                <td colSpan={visibleColumns.length} className="px-3 py-6 text-center text-muted">
                  Loading…
                </td>
              </tr>
            )}
            {page.status === 'ready' && rows.length === 0 && (
              <tr>
                <td colSpan={visibleColumns.length} className="px-3 py-6 text-center text-muted">
                  {empty}
                </td>
              </tr>
            )}
            {rows.map((row) => (
              <tr key={row.id} className="border-t border-line hover:bg-white/5">
                {row.getVisibleCells().map((cell, index) => {
                  const align = columns.find((c) => c.id === cell.column.id)?.align;
                  const className = `px-3 py-2 ${align === 'right' ? 'text-right' : ''}`;
                  return index === 0 ? (
                    <th key={cell.id} scope="row" className={`${className} font-normal`}>
                      <table.FlexRender cell={cell} />
                    </th>
                  ) : (
                    <td key={cell.id} className={className}>
                      <table.FlexRender cell={cell} />
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <nav aria-label={`${caption} pages`} className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          className={buttonClass('secondary', 'sm')}
          disabled={previous.length === 0}
          onClick={() => {
            const cursor = previous.at(-1);
            setPrevious(previous.slice(0, -1));
            setQuery({ ...query, cursor });
          }}
        >
          Previous
        </button>
        <button
          type="button"
          className={buttonClass('secondary', 'sm')}
          disabled={!page.data?.nextCursor}
          onClick={() => {
            if (!page.data?.nextCursor) return;
            setPrevious([...previous, query.cursor]);
            setQuery({ ...query, cursor: page.data.nextCursor });
          }}
        >
          Next
        </button>
        <span className="text-sm text-muted" aria-live="polite">
          Page {previous.length + 1}
          {total !== undefined &&
            ` · ${page.data?.totalIsEstimate ? 'more than ' : ''}${total.toLocaleString('en')} in all`}
        </span>
      </nav>
    </div>
  );
}
