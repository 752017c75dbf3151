import { type AnyColumn, and, count, type SQL, sql } from 'drizzle-orm';
import type { PgSelect, PgTable } from 'drizzle-orm/pg-core';
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
   * For a sort some rows lack the value of (Payments' paid and checked): the condition, on
   * `table`, that a row has it. Rows without the value come last in either direction: the page
   * is read in two parts (readInParts), so each part walks an index of its own.
   */
  sortValued?: SQL;
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
  const read = (window: PageWindow) => {
    if (window.limit === 0) return Promise.resolve([]);
    const direction = sql.raw(request.descending !== window.reverse ? 'desc' : 'asc');
    const { sortValued } = request;
    if (sortValued) {
      return readInParts(db, { ...request, sortValued }, { where, direction, window }, select);
    }
    return select({
      where,
      orderBy: [sql`${request.sort} ${direction}`, sql`${request.id} ${direction}`],
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

type PageWindow = { reverse: boolean; limit: number; offset: number };

/**
 * A window of a list whose sort some rows lack the value of: the rows with it (in the sort's
 * order, the index on the value walked), then the rows without (by id, the primary key walked),
 * or the other way round when read from the end. One statement ordered `nulls last` would need
 * an index per direction (a btree read backwards puts its nulls first), and no index orders a
 * value of a left-joined table (order_payments); in parts, one partial index on the value serves
 * both directions.
 */
async function readInParts<Row>(
  db: Executor,
  request: ListPageRequest & { sortValued: SQL },
  { where, direction, window }: { where: SQL | undefined; direction: SQL; window: PageWindow },
  select: (window: RowWindow) => Promise<Row[]>,
): Promise<Row[]> {
  const byId = sql`${request.id} ${direction}`;
  const valued = {
    where: and(where, sql`${request.sort} is not null`),
    orderBy: [sql`${request.sort} ${direction}`, byId],
    counted: request.sortValued,
  };
  const unvalued = {
    where: and(where, sql`${request.sort} is null`),
    orderBy: [byId],
    counted: sql`not (${request.sortValued})`,
  };
  const [first, second] = window.reverse ? [unvalued, valued] : [valued, unvalued];
  const rows = await select({ ...first, limit: window.limit, offset: window.offset });
  if (rows.length === window.limit) return rows;
  // The first part ends inside the window, or before it: the second starts where it ends. Only
  // a window wholly past a non-empty first part needs that part counted.
  const firstRows =
    rows.length > 0 || window.offset === 0
      ? window.offset + rows.length
      : await countWhere(db, request.table, and(where, first.counted));
  const rest = await select({
    ...second,
    limit: window.limit - rows.length,
    offset: Math.max(0, window.offset - firstRows),
  });
  return [...rows, ...rest];
}

async function countWhere(db: Executor, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return Number(row?.n ?? 0);
}

/** The start of a day (YYYY-MM-DD, UTC) as a timestamptz. */
export const dayStart = (day: string) => sql`${`${day}T00:00:00Z`}::timestamptz`;

/**
 * A list's date filter on `column`: from the start of `from` to the end of `to` (both days
 * included, UTC); none when neither is given.
 */
export function inDays(column: AnyColumn, { from, to }: { from?: string; to?: string }) {
  return [
    from ? sql`${column} >= ${dayStart(from)}` : undefined,
    to ? sql`${column} < ${dayStart(to)} + interval '1 day'` : undefined,
  ];
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
