import { and, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';

// Which rows make one keyset page of a dashboard list, fast whatever a filter's selectivity
// (decision record 025-dashboard-lists-at-scale). Walking the sort's index and filtering is fast
// when many rows match and hopeless when few do; reading the filter's own index and sorting is
// the reverse; and the planner's guess of which case it is goes wrong (a search word, a week of
// dates, values that follow each other). So for a filter that may be narrow the query tries,
// in one statement, each in turn:
//   1. walk: the first `walk` rows after the cursor in the list's order (MATERIALIZED, so the
//      planner runs it as written); if the page is among them, done;
//   2. candidates: the filter's matches through its own index, up to `cap` + 1; at most `cap`
//      are all of them, sorted in memory;
//   3. otherwise the filter is common: the sort's index is walked to the end of the page.
// Each step runs only when the one before did not answer (InitPlans run on first use). All
// three order by (sort value, id) from the same cursor, so pages and cursors are the same
// whichever answers; `cap` and `walk` only change the speed (tests shrink them).

/** How many matching rows a page may be sorted from in memory. */
const CANDIDATE_CAP = 5000;
/** How many rows in the list's order are looked at before the filter's own index is asked. */
const WALK_BUDGET = 1000;

export type KeysetPageRequest = {
  table: PgTable;
  id: AnyPgColumn;
  /** The sort value, typed as its index holds it (so the cursor comparison reads the index). */
  sortValue: SQL;
  /** Every filter of the list. */
  filters: SQL[];
  /**
   * Conditions that cut one stretch out of the list's order (an equality on the sort value, an
   * id bound within it): unlike filters, the walk stays inside them instead of counting the
   * rows outside as misses.
   */
  within?: SQL[];
  /** True when a filter may match few rows and has an index of its own (a search, dates). */
  narrow: boolean;
  /** The cursor's position, typed like `sortValue`: rows strictly after it. */
  after?: { value: SQL; id: string | number };
  descending: boolean;
  /** Rows to return: the page and one more, which tells whether a next page exists. */
  rows: number;
} & KeysetTuning;

/** The two bounds of a narrow filter's page (tests shrink them to take every branch). */
export type KeysetTuning = { cap?: number; walk?: number };

/** An integer inlined rather than bound: the planner costs a literal LIMIT, not a guess. */
function literal(value: number): SQL {
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`Not a row count: ${value}`);
  return sql.raw(String(value));
}

/**
 * The WHERE condition selecting the page's rows (with the rows after them when not narrow):
 * the caller orders by `keysetOrder(request)` and limits to `request.rows` either way.
 */
export function keysetPageCondition(request: KeysetPageRequest): SQL | undefined {
  const { table, id, sortValue, descending } = request;
  const filters = and(...request.filters) ?? sql`true`;
  const direction = sql.raw(descending ? 'desc' : 'asc');
  const before = sql.raw(descending ? '<' : '>');
  const after = (value: SQL, rowId: SQL) =>
    request.after
      ? sql`(${value}, ${rowId}) ${before} (${request.after.value}, ${request.after.id})`
      : undefined;
  const within = request.within ?? [];
  if (!request.narrow) return and(...request.filters, ...within, after(sortValue, sql`${id}`));
  const stretch = and(...within, after(sortValue, sql`${id}`)) ?? sql`true`;
  const matches = and(...request.filters, ...within) ?? sql`true`;

  const cap = request.cap ?? CANDIDATE_CAP;
  const walk = request.walk ?? WALK_BUDGET;
  const rows = literal(request.rows);
  // The walk answers when it holds a page of matches, or reached the end of the list.
  const walked = sql`(select count(*) filter (where walked.hit) >= ${rows} or count(*) < ${literal(walk)} from walked)`;
  const few = sql`(select count(*) <= ${literal(cap)} from candidates)`;
  const ordered = (value: SQL, rowId: SQL) =>
    sql`order by ${value} ${direction}, ${rowId} ${direction} limit ${rows}`;
  // array(…) is evaluated once, before the outer query, which then reads the page's rows by
  // primary key.
  return sql`${id} = any(array(
    with walked as materialized (
      select ${id} as id, ${sortValue} as sort_value, ${filters} as hit from ${table}
      where ${stretch}
      order by ${sortValue} ${direction}, ${id} ${direction} limit ${literal(walk)}
    ), candidates as materialized (
      select ${id} as id, ${sortValue} as sort_value from ${table}
      where ${matches} limit ${literal(cap + 1)}
    )
    (select walked.id from walked where ${walked} and walked.hit
      ${ordered(sql`walked.sort_value`, sql`walked.id`)})
    union all
    (select candidates.id from candidates
      where not ${walked} and ${few}
        and ${after(sql`candidates.sort_value`, sql`candidates.id`) ?? sql`true`}
      ${ordered(sql`candidates.sort_value`, sql`candidates.id`)})
    union all
    (select ${id} from ${table}
      where not ${walked} and not ${few} and ${matches}
        and ${after(sortValue, sql`${id}`) ?? sql`true`}
      ${ordered(sortValue, sql`${id}`)})
  ))`;
}

/** The list's order: the sort value, ties broken by id, both in the page's direction. */
export function keysetOrder({ sortValue, id, descending }: KeysetPageRequest): SQL[] {
  const direction = sql.raw(descending ? 'desc' : 'asc');
  return [sql`${sortValue} ${direction}`, sql`${id} ${direction}`];
}
