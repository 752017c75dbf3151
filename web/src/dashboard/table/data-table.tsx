import {
  type ColumnDef,
  type ColumnVisibilityState,
  type RowData,
  type SortingState,
  type Updater,
  useTable,
} from '@tanstack/react-table';
import { type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { ListPage } from '../../../../core/shared/list-page';
import { apiUrl } from '../../../../core/site/api-url';
import { ApiProblem } from '../../components/ui/api-problem';
import { buttonClass } from '../../components/ui/button';
import { useStaffQuery } from '../query';
import { fromList } from './back-to-list';
import { loadColumnVisibility, saveColumnVisibility } from './column-visibility';
import { useRememberedLabels } from './facet-labels';
import type { TableFacet } from './faceted-filter';
import { type RowAction, RowActions } from './row-actions';
import { TableCards } from './table-cards';
import { ACTIONS_ID, features } from './table-features';
import { TableGrid } from './table-grid';
import { TablePagination } from './table-pagination';
import {
  filterParams,
  isFiltered,
  listParams,
  readTableQuery,
  resetFilters,
  type TableQuery,
  type TableSort,
  writeTableQuery,
} from './table-query';
import { TableToolbar } from './table-toolbar';
import { usePhone } from './use-phone';
import { useRowKeys } from './use-row-keys';
import { useSearchQuery } from './use-search-query';
import { ViewMenu } from './view-menu';

export type { TableFacet } from './faceted-filter';
export type { RowAction } from './row-actions';

// The dashboard's one table (TanStack Table, server-driven, after shadcn's tasks table and
// Linear's lists): the server searches, filters, sorts, pages and counts each facet in one
// answer (core/shared/list-page.ts); the table renders it, keeps the query in the URL and
// remembers hidden columns per table. Each list describes its columns, facets and actions.

export type TableColumn<Row> = {
  /** Column id; for a sortable column also the server's `sort` value. */
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
  sortable?: boolean;
  /** Hidden until the member shows it. */
  hiddenByDefault?: boolean;
  align?: 'left' | 'right';
  /**
   * `false` leaves the column off a phone's card (say, a long text the detail page shows). Else
   * a card shows every column the table would (the View menu's choice included), so a phone
   * never learns less than a desktop. (`true`, the default, is what older lists still say.)
   */
  card?: boolean;
};

const NO_ROWS: never[] = [];

type DataTableProps<Row> = {
  /** Names the table's remembered settings in this browser, e.g. 'applications'. */
  tableId: string;
  /** Names the table for assistive technology; e.g. 'Orders'. */
  caption: string;
  /** The list endpoint, answering ListPage<Row>. */
  endpoint: string;
  columns: TableColumn<Row>[];
  facets?: TableFacet[];
  /** The search box's name and hint: what the list searches. */
  search: { label: string; placeholder?: string };
  /** The column `from`/`to` apply to, e.g. 'Created'. */
  dateLabel?: string;
  defaultSort: TableSort;
  rowKey: (row: Row) => string | number;
  /** The row's detail page: its first cell links there and Enter opens it. */
  rowHref?: (row: Row) => string;
  /** What the row allows, in its "…" menu. */
  actions?: (row: Row) => RowAction[];
  /** e.g. 'No orders match these filters.' */
  empty: string;
  /** An export of the current filter (e.g. '/api/staff/applications.csv'). */
  exportEndpoint?: string;
  /**
   * URL parameters the page owns beside the table's (Payouts' `period`): kept when the table
   * rewrites the URL, and sent with the list's and the export's requests.
   */
  pageParams?: readonly string[];
  /** The page's own controls, in the toolbar (Payouts' period select). */
  controls?: ReactNode;
};

const NO_PAGE_PARAMS: readonly string[] = [];

function useTableQuery(
  facets: TableFacet[],
  columns: { id: string; sortable?: boolean }[],
  defaultSort: TableSort,
  pageParams: readonly string[],
) {
  const [search, setSearch] = useSearchQuery();
  const shape = useMemo(
    () => ({
      facetIds: facets.map((facet) => facet.id),
      sortIds: columns.filter((column) => column.sortable).map((column) => column.id),
      defaultSort,
    }),
    [facets, columns, defaultSort],
  );
  const query = readTableQuery(search, shape);
  const owned = useMemo(() => {
    const params: Record<string, string> = {};
    for (const name of pageParams) {
      const value = search.get(name);
      if (value !== null) params[name] = value;
    }
    return params;
  }, [search, pageParams]);
  const setQuery = useCallback(
    (next: TableQuery) => {
      const written = writeTableQuery(next, defaultSort);
      for (const [name, value] of Object.entries(owned)) written.set(name, value);
      setSearch(written);
    },
    [setSearch, defaultSort, owned],
  );
  return [query, setQuery, owned] as const;
}

function useVisibility(tableId: string, columns: { id: string; hiddenByDefault?: boolean }[]) {
  const [visibility, setVisibility] = useState<ColumnVisibilityState>(() => ({
    ...Object.fromEntries(columns.filter((c) => c.hiddenByDefault).map((c) => [c.id, false])),
    ...loadColumnVisibility(tableId),
  }));
  const onChange = useCallback(
    (updater: Updater<ColumnVisibilityState>) =>
      setVisibility((current) => {
        const next = typeof updater === 'function' ? updater(current) : updater;
        saveColumnVisibility(tableId, next);
        return next;
      }),
    [tableId],
  );
  return [visibility, onChange] as const;
}

export function DataTable<Row extends RowData>({
  tableId,
  caption,
  endpoint,
  columns,
  facets = [],
  search,
  dateLabel,
  defaultSort,
  rowKey,
  rowHref,
  actions,
  empty,
  exportEndpoint,
  pageParams = NO_PAGE_PARAMS,
  controls,
}: DataTableProps<Row>) {
  const [query, setQuery, owned] = useTableQuery(facets, columns, defaultSort, pageParams);
  const page = useStaffQuery<ListPage<Row>>(
    { path: endpoint, params: { ...owned, ...listParams(query) } },
    { keepPrevious: true },
  );
  const counts = useRememberedLabels(page.data?.facets, query.facets);
  const [visibility, onVisibilityChange] = useVisibility(tableId, columns);
  const phone = usePhone();
  const searchRef = useRef<HTMLInputElement>(null);
  const rowsRef = useRef<HTMLElement>(null);

  const sorting: SortingState = [{ id: query.sort.id, desc: query.sort.order === 'desc' }];
  const onSortingChange = (updater: Updater<SortingState>) => {
    const next = typeof updater === 'function' ? updater(sorting) : updater;
    const first = next[0];
    // Clicking a sorted column a third time would clear the sort: go back to the default.
    setQuery({
      ...query,
      page: 1,
      sort: first ? { id: first.id, order: first.desc ? 'desc' : 'asc' } : defaultSort,
    });
  };

  // Row links remember this list's URL, so the detail page's way back keeps the filters.
  const { pathname, search: locationSearch } = useLocation();
  const linkState = useMemo(() => fromList(pathname, locationSearch), [pathname, locationSearch]);
  const navigate = useNavigate();
  const columnDefs = useMemo<ColumnDef<typeof features, Row>[]>(
    () => [
      ...columns.map(
        (column, index): ColumnDef<typeof features, Row> => ({
          id: column.id,
          header: column.header,
          accessorFn: (row: Row) => row,
          cell: ({ row }) =>
            index === 0 && rowHref ? (
              <Link
                to={rowHref(row.original)}
                state={linkState}
                className="font-semibold whitespace-nowrap text-lavender underline"
              >
                {column.cell(row.original)}
              </Link>
            ) : (
              column.cell(row.original)
            ),
          enableSorting: Boolean(column.sortable),
          // The first column names the row and links to it: always shown.
          enableHiding: index > 0,
        }),
      ),
      ...(actions
        ? [
            {
              id: ACTIONS_ID,
              header: 'Actions',
              accessorFn: (row: Row) => row,
              cell: ({ row }) => (
                <RowActions name={String(rowKey(row.original))} actions={actions(row.original)} />
              ),
              enableSorting: false,
              enableHiding: false,
            } satisfies ColumnDef<typeof features, Row>,
          ]
        : []),
    ],
    [columns, rowHref, actions, rowKey, linkState],
  );

  const rowsData = page.data?.rows ?? (NO_ROWS as Row[]);
  const table = useTable({
    features,
    columns: columnDefs,
    data: rowsData,
    getRowId: (row) => String(rowKey(row)),
    state: { sorting, columnVisibility: visibility },
    onSortingChange,
    onColumnVisibilityChange: onVisibilityChange,
    manualSorting: true,
    enableMultiSort: false,
    sortDescFirst: true,
  });

  const openRow = (index: number) => {
    const row = rowsData[index];
    if (row && rowHref) navigate(rowHref(row), { state: linkState });
  };
  useRowKeys({ rowsRef, searchRef, onOpen: rowHref ? openRow : undefined });

  const rows = table.getRowModel().rows;
  const total = page.data?.total;
  const shownPage = page.data && !page.stale ? page.data.page : query.page;
  const align = (id: string) =>
    columns.find((c) => c.id === id)?.align === 'right' ? 'text-right' : '';
  const emptyState = (
    <p className="py-6 text-center text-muted">
      {empty}{' '}
      {isFiltered(query) && (
        <button
          type="button"
          onClick={() => setQuery(resetFilters(query))}
          className={buttonClass('secondary', 'sm')}
        >
          Reset filters
        </button>
      )}
    </p>
  );
  const busy = page.status === 'loading' || page.stale;

  return (
    <div className="space-y-4">
      <TableToolbar
        query={query}
        onChange={setQuery}
        facets={facets}
        counts={counts}
        estimate={page.data?.facetsAreEstimates}
        search={search}
        dateLabel={dateLabel}
        searchRef={searchRef}
        phone={phone}
        view={<ViewMenu table={table} />}
        controls={controls}
        exports={
          exportEndpoint && (
            <a
              href={apiUrl({ path: exportEndpoint, params: { ...owned, ...filterParams(query) } })}
              className={buttonClass('secondary', 'sm')}
              download
            >
              Export CSV
            </a>
          )
        }
      />
      <ApiProblem state={page} loading="" failed="The list could not be loaded" />
      {phone ? (
        <TableCards
          caption={caption}
          rows={rowsData}
          columns={columns.filter(
            (column) => column.card !== false && visibility[column.id] !== false,
          )}
          rowKey={rowKey}
          rowHref={rowHref}
          linkState={linkState}
          actions={actions}
          busy={busy}
          listRef={rowsRef}
          empty={page.status === 'ready' && rowsData.length === 0 ? emptyState : null}
        />
      ) : (
        <TableGrid
          table={table}
          caption={caption}
          align={align}
          busy={busy}
          loading={page.status === 'loading'}
          empty={page.status === 'ready' && rows.length === 0 ? emptyState : null}
          gridRef={rowsRef}
        />
      )}
      <TablePagination
        caption={caption}
        page={shownPage}
        size={query.size}
        total={total}
        estimate={page.data?.totalIsEstimate}
        rowsOnPage={page.data && !page.stale ? page.data.rows.length : undefined}
        onPage={(to) => setQuery({ ...query, page: to })}
        onSize={(size) => setQuery({ ...query, size, page: 1 })}
      />
    </div>
  );
}
