import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { type ListPage, pageCount } from '../../../../core/shared/list-page';
import { ApiProblem } from '../../components/ui/api-problem';
import { buttonClass } from '../../components/ui/button';
import { useStaffQuery } from '../query';
import type { TableColumn, TableFilter } from '../table/data-table';
import { TableFilters } from '../table/table-filters';
import type { TableSort } from '../table/table-query';
import { useSearchQuery } from '../table/use-search-query';

// A small stand-in for the dashboard's DataTable that reads the list contract
// (core/shared/list-page.ts: `{rows,total,page,pageSize,facets}`, `?page=&size=&sort=&order=`)
// for the Payments page alone, until the shared table reads it too: the same column and filter
// declarations, so switching is a change of component. The URL keeps the query.

type Props<Row> = {
  caption: string;
  endpoint: string;
  columns: TableColumn<Row>[];
  filters: TableFilter[];
  defaultSort: TableSort;
  /** Facet values set when the URL names none (e.g. status=awaiting). */
  defaultFilters?: Record<string, string>;
  rowKey: (row: Row) => string;
  /** The row's page, linked from its first cell; null when the viewer may not open it. */
  rowHref: (row: Row) => string | null;
  /** One more cell per row: the row's actions. */
  actions?: (row: Row) => ReactNode;
  empty: string;
};

export function ListPageTable<Row>({
  caption,
  endpoint,
  columns,
  filters,
  defaultSort,
  defaultFilters = {},
  rowKey,
  rowHref,
  actions,
  empty,
}: Props<Row>) {
  const [search, setSearch] = useSearchQuery();
  const filterValues = Object.fromEntries(
    filters.map((filter) => [filter.id, search.get(filter.id) ?? defaultFilters[filter.id] ?? '']),
  );
  const sort = {
    id: search.get('sort') ?? defaultSort.id,
    order: search.get('order') === 'asc' ? 'asc' : search.get('order') ? 'desc' : defaultSort.order,
  } as TableSort;
  const page = Number(search.get('page') ?? '1') || 1;
  const params = {
    ...Object.fromEntries(Object.entries(filterValues).filter(([, value]) => value !== '')),
    sort: sort.id,
    order: sort.order,
    page: String(page),
  };
  const state = useStaffQuery<ListPage<Row>>({ path: endpoint, params });

  const go = (change: Record<string, string>) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(change)) next.set(key, value);
    setSearch(next);
  };
  const sortBy = (id: string) =>
    go({
      sort: id,
      order: sort.id === id && sort.order === 'desc' ? 'asc' : 'desc',
      page: '1',
    });

  const data = state.status === 'ready' ? state.data : null;
  const pages = data ? pageCount(data.total, data.pageSize) : 1;
  const width = columns.length + (actions ? 1 : 0);
  return (
    <div className="space-y-4">
      <TableFilters
        filters={filters}
        query={{ sort, filters: filterValues }}
        onChange={(next) => go({ ...next, page: '1' })}
      />
      <ApiProblem state={state} loading="" failed="The list could not be loaded" />
      <section
        aria-label={`${caption} table`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than the screen must be keyboard-scrollable (WCAG 2.1.1)
        tabIndex={0}
        className="overflow-x-auto rounded-xl border border-line"
      >
        <table className="w-full text-left text-sm" aria-busy={state.status === 'loading'}>
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-white/5">
            <tr>
              {columns.map((column) => {
                const sorted = sort.id === column.id ? sort.order : null;
                return (
                  <th
                    key={column.id}
                    scope="col"
                    className={`px-3 py-2 font-semibold whitespace-nowrap ${column.align === 'right' ? 'text-right' : ''}`}
                    aria-sort={
                      sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined
                    }
                  >
                    {column.sortable ? (
                      <button
                        type="button"
                        onClick={() => sortBy(column.id)}
                        className="inline-flex items-center gap-1 hover:text-lavender"
                      >
                        {column.header}
                        <span aria-hidden="true">
                          {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                        </span>
                      </button>
                    ) : (
                      column.header
                    )}
                  </th>
                );
              })}
              {actions && (
                <th scope="col" className="px-3 py-2 font-semibold">
                  Actions
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {state.status === 'loading' && (
              <tr>
                <td colSpan={width} className="px-3 py-6 text-center text-muted">
                  Loading…
                </td>
              </tr>
            )}
            {data?.rows.length === 0 && (
              <tr>
                <td colSpan={width} className="px-3 py-6 text-center text-muted">
                  {empty}
                </td>
              </tr>
            )}
            {data?.rows.map((row) => (
              <tr key={rowKey(row)} className="border-t border-line hover:bg-white/5">
                {columns.map((column, index) => {
                  const className = `px-3 py-2 align-top ${column.align === 'right' ? 'text-right' : ''}`;
                  const href = index === 0 ? rowHref(row) : null;
                  return index === 0 ? (
                    <th key={column.id} scope="row" className={`${className} font-normal`}>
                      {href ? (
                        <Link to={href} className="font-semibold text-lavender underline">
                          {column.cell(row)}
                        </Link>
                      ) : (
                        column.cell(row)
                      )}
                    </th>
                  ) : (
                    <td key={column.id} className={className}>
                      {column.cell(row)}
                    </td>
                  );
                })}
                {actions && <td className="px-3 py-2 align-top">{actions(row)}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <nav aria-label={`${caption} pages`} className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          className={buttonClass('secondary', 'sm')}
          disabled={!data || data.page <= 1}
          onClick={() => go({ page: String((data?.page ?? 2) - 1) })}
        >
          Previous
        </button>
        <button
          type="button"
          className={buttonClass('secondary', 'sm')}
          disabled={!data || data.page >= pages}
          onClick={() => go({ page: String((data?.page ?? 0) + 1) })}
        >
          Next
        </button>
        <span className="text-sm text-muted" aria-live="polite">
          {data && `Page ${data.page} of ${pages} · ${data.total.toLocaleString('en')} in all`}
        </span>
      </nav>
    </div>
  );
}
