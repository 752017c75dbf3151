import type { ApiParams } from '../../../../core/site/api-url';

// A server-driven table's query, kept in the page's URL (?sort=&order=&<filter>=&cursor=) so a
// reload, the back button and a shared link show the same page. Pure: the DataTable reads and
// writes it through react-router's search params.

export type SortOrder = 'asc' | 'desc';
export type TableSort = { id: string; order: SortOrder };

export type TableQuery = {
  sort: TableSort;
  filters: Record<string, string>;
  cursor?: string;
};

export function readTableQuery(
  search: URLSearchParams,
  {
    filterIds,
    sortIds,
    defaultSort,
  }: { filterIds: string[]; sortIds: string[]; defaultSort: TableSort },
): TableQuery {
  const sortId = search.get('sort');
  const order = search.get('order');
  const sort =
    sortId && sortIds.includes(sortId)
      ? { id: sortId, order: order === 'asc' ? ('asc' as const) : ('desc' as const) }
      : defaultSort;
  const filters: Record<string, string> = {};
  for (const id of filterIds) {
    const value = search.get(id);
    if (value) filters[id] = value;
  }
  const cursor = search.get('cursor') ?? undefined;
  return { sort, filters, ...(cursor && { cursor }) };
}

/** The URL's search for a query; the default sort is left out to keep links short. */
export function writeTableQuery(query: TableQuery, defaultSort: TableSort): URLSearchParams {
  const search = new URLSearchParams();
  for (const [id, value] of Object.entries(query.filters)) if (value) search.set(id, value);
  if (query.sort.id !== defaultSort.id || query.sort.order !== defaultSort.order) {
    search.set('sort', query.sort.id);
    search.set('order', query.sort.order);
  }
  if (query.cursor) search.set('cursor', query.cursor);
  return search;
}

/** What the list endpoint is asked: the filters, the sort and the page. */
export function listParams(query: TableQuery, limit: number): ApiParams {
  return { ...filterParams(query), limit, cursor: query.cursor };
}

/** The filters and sort without paging: e.g. a CSV export of the current filter. */
export function filterParams(query: TableQuery): ApiParams {
  return { ...query.filters, sort: query.sort.id, order: query.sort.order };
}
