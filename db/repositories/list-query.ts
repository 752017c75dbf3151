import { and, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { ListPage } from '../../core/shared/list-page';
import type { Executor } from '../client';
import { countList, type ListCountRequest, type ListCounts, listConditions } from './list-counts';

// The paging every dashboard list shares (core/shared/list-page.ts, decision 052): a list says
// which conditions always apply (the role's scope, the search, the date range), what each facet
// is, its sort and how to select its rows; this counts (list-counts.ts), finds the page's window
// and reads it. Page 1 (a list opened, a search typed, a filter changed) is the same rows
// whatever the counts say, so it is read beside them: on Postgres both answer at once.

export { facetCondition, type ListFacet, listConditions } from './list-counts';

export type ListPageRequest = ListCountRequest & {
  page: number;
  size: number;
  /** The sort's expression; ties are broken by `id` in the same direction, so pages never overlap. */
  sort: SQL;
  id: SQL;
  descending: boolean;
  /**
   * Rows without the sort's value come last in either direction (Payments' paid and checked
   * sorts). Only for a sort that can be null: on a column that cannot, `nulls last` only keeps
   * a descending read from walking the column's index.
   */
  nullsLast?: boolean;
};

/** The page, its size and the direction of a list's query (core/shared/list-page.ts). */
export const pageOfQuery = (query: { page: number; size: number; order: 'asc' | 'desc' }) => ({
  page: query.page,
  size: query.size,
  descending: query.order === 'desc',
});

/** What the list's select applies: its conditions, order and window. */
export type RowWindow = { where: SQL | undefined; orderBy: SQL[]; limit: number; offset: number };

/** A list's select (`.$dynamic()`) narrowed to the window: conditions, order, limit, offset. */
export function inWindow<Query extends PgSelect>(query: Query, window: RowWindow) {
  return query
    .where(window.where)
    .orderBy(...window.orderBy)
    .limit(window.limit)
    .offset(window.offset);
}

/** `value%` for LIKE, the user's `%`, `_` and `\\` taken literally. */
export const likePrefix = (value: string) => `${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** One page of a list: its rows in order, the counts, and the page number answered. */
export async function readListPage<Row>(
  db: Executor,
  request: ListPageRequest,
  select: (window: RowWindow) => Promise<Row[]>,
): Promise<{ rows: Row[]; counts: ListCounts; page: number }> {
  const where = and(...listConditions(request));
  const read = (window: { reverse: boolean; limit: number; offset: number }) => {
    if (window.limit === 0) return Promise.resolve([]);
    const direction = sql.raw(request.descending !== window.reverse ? 'desc' : 'asc');
    // Read from the end, the rows that come last come first.
    const nulls = request.nullsLast
      ? sql.raw(window.reverse ? ' nulls first' : ' nulls last')
      : sql``;
    return select({
      where,
      orderBy: [sql`${request.sort} ${direction}${nulls}`, sql`${request.id} ${direction}`],
      limit: window.limit,
      offset: window.offset,
    });
  };
  const firstPage =
    request.page === 1 ? read({ reverse: false, limit: request.size, offset: 0 }) : null;
  const [counts, first] = await Promise.all([countList(db, request), firstPage]);
  const window = pageWindow(counts, request.page, request.size);
  const rows = first ?? (await read(window));
  if (window.reverse) rows.reverse();
  return { rows, counts, page: window.page };
}

/** The contract's answer for `rows` of `read`, the facets as given (labelled by the list). */
export function toListPage<Row>(
  read: { counts: ListCounts; page: number },
  rows: Row[],
  pageSize: number,
  facets: ListPage<Row>['facets'] = read.counts.facets,
): ListPage<Row> {
  return {
    rows,
    total: read.counts.total,
    page: read.page,
    pageSize,
    facets,
    ...(read.counts.estimated ? { totalIsEstimate: true } : {}),
    ...(read.counts.facetsEstimated ? { facetsAreEstimates: true } : {}),
  };
}

/**
 * Which rows make page `page` of `total`: past the last page, the last page. A page in the
 * second half is read in the reverse order from the end (so the last page costs what the first
 * does) and turned back by the caller when `reverse`.
 */
export function pageWindow(
  { total, estimated }: { total: number; estimated: boolean },
  page: number,
  size: number,
) {
  const pages = Math.max(1, Math.ceil(total / size));
  const at = Math.min(page, pages);
  const offset = (at - 1) * size;
  // An estimated total cannot say exactly where the end is: a page in the second half is
  // counted back from the end in whole pages (the last page is the last `size` rows).
  if (estimated) {
    if (at > 1 && at > pages / 2) {
      return { page: at, reverse: true, offset: (pages - at) * size, limit: size };
    }
    return { page: at, reverse: false, offset, limit: size };
  }
  const limit = Math.max(0, Math.min(size, total - offset));
  if (offset > total / 2 && total > 0) {
    return { page: at, reverse: true, offset: Math.max(0, total - offset - limit), limit };
  }
  return { page: at, reverse: false, offset, limit };
}
