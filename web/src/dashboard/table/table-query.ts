import {
  LIST_DEFAULT_PAGE_SIZE,
  LIST_FACET_VALUES_MAX,
  LIST_PAGE_SIZES,
  LIST_SEARCH_MAX,
} from '../../../../core/shared/list-page';
import type { ApiParams } from '../../../../core/site/api-url';

// A list's query, kept in the page's URL (?q=&<facet>=a,b&from=&to=&sort=&order=&page=&size=)
// so a reload, the back button and a shared link show the same page. Pure: the DataTable reads
// and writes it through react-router's search params; the list endpoint is asked the same
// (core/shared/list-page.ts). A value the URL cannot mean (a sort the table lacks, size 7,
// page "x") falls back to the default rather than failing the page.

export type SortOrder = 'asc' | 'desc';
export type TableSort = { id: string; order: SortOrder };

export type TableQuery = {
  /** The search box; '' when empty. */
  q: string;
  /** Each facet's chosen values (none: the facet is left out). */
  facets: Record<string, string[]>;
  from?: string;
  to?: string;
  sort: TableSort;
  /** 1-based. */
  page: number;
  size: number;
};

export type TableQueryShape = { facetIds: string[]; sortIds: string[]; defaultSort: TableSort };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (value: string | null): value is string =>
  value !== null &&
  DAY.test(value) &&
  new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

function readWhole(value: string | null, fallback: number): number {
  if (!value || !/^\d{1,7}$/.test(value)) return fallback;
  return Number(value);
}

/** `a,b` → ['a','b']: blanks and repeats dropped, at most what the server accepts. */
export function readFacetValues(raw: string | null): string[] {
  if (!raw) return [];
  return [...new Set(raw.split(',').filter((part) => part !== ''))].slice(0, LIST_FACET_VALUES_MAX);
}

export function readTableQuery(
  search: URLSearchParams,
  { facetIds, sortIds, defaultSort }: TableQueryShape,
): TableQuery {
  const sortId = search.get('sort');
  const order = search.get('order');
  const sort =
    sortId && sortIds.includes(sortId)
      ? { id: sortId, order: order === 'asc' ? ('asc' as const) : ('desc' as const) }
      : defaultSort;
  const facets: Record<string, string[]> = {};
  for (const id of facetIds) {
    const values = readFacetValues(search.get(id));
    if (values.length > 0) facets[id] = values;
  }
  const size = readWhole(search.get('size'), LIST_DEFAULT_PAGE_SIZE);
  const from = search.get('from');
  const to = search.get('to');
  return {
    q: (search.get('q') ?? '').trim().slice(0, LIST_SEARCH_MAX),
    facets,
    ...(isDay(from) && { from }),
    ...(isDay(to) && { to }),
    sort,
    page: Math.max(1, readWhole(search.get('page'), 1)),
    size: (LIST_PAGE_SIZES as readonly number[]).includes(size) ? size : LIST_DEFAULT_PAGE_SIZE,
  };
}

/** The URL's search for a query; defaults (page 1, the default size and sort) are left out. */
export function writeTableQuery(query: TableQuery, defaultSort: TableSort): URLSearchParams {
  const search = new URLSearchParams();
  if (query.q) search.set('q', query.q);
  for (const [id, values] of Object.entries(query.facets)) {
    if (values.length > 0) search.set(id, values.join(','));
  }
  if (query.from) search.set('from', query.from);
  if (query.to) search.set('to', query.to);
  if (query.sort.id !== defaultSort.id || query.sort.order !== defaultSort.order) {
    search.set('sort', query.sort.id);
    search.set('order', query.sort.order);
  }
  if (query.page > 1) search.set('page', String(query.page));
  if (query.size !== LIST_DEFAULT_PAGE_SIZE) search.set('size', String(query.size));
  return search;
}

/** What narrows the rows: the search, the facets and the date range. */
export type TableFilters = Pick<TableQuery, 'q' | 'facets' | 'from' | 'to'>;

/** A new search, facet or range shows its first page. */
export function withFilters(query: TableQuery, change: Partial<TableFilters>): TableQuery {
  const next = { ...query, ...change, page: 1 };
  if (!next.from) delete next.from;
  if (!next.to) delete next.to;
  return next;
}

/** Whether anything narrows the rows (the Reset button shows then). */
export function isFiltered(query: TableQuery): boolean {
  return (
    query.q !== '' ||
    Boolean(query.from || query.to) ||
    Object.values(query.facets).some((values) => values.length > 0)
  );
}

/** The search, facets and range cleared; the sort and page size kept. */
export function resetFilters(query: TableQuery): TableQuery {
  return withFilters(query, { q: '', facets: {}, from: undefined, to: undefined });
}

/** The filters and sort without paging: e.g. a CSV export of what the table shows. */
export function filterParams(query: TableQuery): ApiParams {
  const params: ApiParams = {
    q: query.q || undefined,
    from: query.from,
    to: query.to,
    sort: query.sort.id,
    order: query.sort.order,
  };
  for (const [id, values] of Object.entries(query.facets)) {
    if (values.length > 0) params[id] = values.join(',');
  }
  return params;
}

/** What the list endpoint is asked (core/shared/list-page.ts). */
export function listParams(query: TableQuery): ApiParams {
  return { ...filterParams(query), page: query.page, size: query.size };
}
