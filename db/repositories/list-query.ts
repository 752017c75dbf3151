import { and, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FacetCount } from '../../core/shared/list-page';
import type { Executor } from '../client';

// The counting and paging every dashboard list shares (core/shared/list-page.ts, decision
// 052-dashboard-table-contract). A list says which conditions always apply (the role's scope,
// the search, the date range) and what each facet is; this answers how many rows match, each
// facet's counts without its own filter, and which offset the page starts at.
//
// Counts are exact when the rows matching the scope, search and dates are few enough
// (`exactLimit`): one statement, one pass over them with GROUPING SETS, a `count(*) filter`
// per facet. Past that (a million orders, nothing searched) they are estimated from a sample
// of the table's pages and flagged: an exact count of everything on every page load would cost
// a scan per facet.

/** Rows a list counts exactly in one pass; past it counts come from a sample. */
const EXACT_LIMIT = 10_000;
/** Rows the sample aims to read when counts are estimated. */
const SAMPLE_ROWS = 5_000;

export type ListFacet = {
  /** The facet's value of a row, as non-null text (the API's value). */
  value: SQL;
  /** The values asked for, OR-ed; none: the facet does not filter. */
  chosen?: readonly string[];
  /** How `chosen` reads as a condition, when not `value in (…)` (e.g. spelled as an index's predicate). */
  match?: (chosen: readonly string[]) => SQL | undefined;
};

export type ListCountRequest = {
  table: PgTable;
  /** Conditions every count applies: scope, search, dates. */
  where: (SQL | undefined)[];
  facets: Record<string, ListFacet>;
  /** Tests lower it to take the estimated path on a few rows. */
  exactLimit?: number;
};

export type ListCounts = {
  total: number;
  facets: Record<string, FacetCount[]>;
  /** True when the counts come from a sample (decision 052). */
  estimated: boolean;
};

/** `value%` for LIKE, the user's `%`, `_` and `\\` taken literally. */
export const likePrefix = (value: string) => `${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A facet's condition; undefined when it does not filter. */
export function facetCondition(facet: ListFacet): SQL | undefined {
  if (!facet.chosen || facet.chosen.length === 0) return undefined;
  if (facet.match) return facet.match(facet.chosen);
  return inArray(facet.value, [...facet.chosen]);
}

/** Every condition of the list: the ones always applied and each facet's. */
export function listConditions(request: Pick<ListCountRequest, 'where' | 'facets'>): SQL[] {
  const conditions = [...request.where, ...Object.values(request.facets).map(facetCondition)];
  return conditions.filter((condition): condition is SQL => condition !== undefined);
}

/** postgres.js answers an array, PGlite `{ rows }`. */
function rowsOf<Row>(result: unknown): Row[] {
  return (Array.isArray(result) ? result : (result as { rows: Row[] }).rows) as Row[];
}

async function countUpTo(db: Executor, table: PgTable, where: SQL[], limit: number) {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from (select 1 from ${table} where ${and(...where) ?? sql`true`} limit ${sql.raw(String(limit + 1))}) up_to`,
    ),
  );
  return Number(row?.n ?? 0);
}

/** The list's total and facet counts; see the file's comment for when they are estimates. */
export async function countList(db: Executor, request: ListCountRequest): Promise<ListCounts> {
  const limit = request.exactLimit ?? EXACT_LIMIT;
  const where = request.where.filter((condition): condition is SQL => condition !== undefined);
  const base = await countUpTo(db, request.table, where, limit);
  if (base <= limit) return { ...(await groupCounts(db, request, where, null)), estimated: false };
  const all = listConditions(request);
  const exactTotal = await countUpTo(db, request.table, all, limit);
  const [stats] = rowsOf<{ rows: number }>(
    await db.execute(
      sql`select greatest(reltuples, 1)::float8 as rows from pg_class where oid = ${sql.raw(`'${tableName(request.table)}'`)}::regclass`,
    ),
  );
  const percent = Math.min(100, (100 * SAMPLE_ROWS) / Math.max(1, Number(stats?.rows ?? 1)));
  const sampled = await groupCounts(db, request, where, percent);
  const scale = (count: number) => Math.round((count * 100) / percent);
  const facets = Object.fromEntries(
    Object.entries(sampled.facets).map(([id, counts]) => [
      id,
      counts.map(({ value, count }) => ({ value, count: scale(count) })),
    ]),
  );
  // A total the bounded count reached is exact; only a larger one is the sample's.
  const total = exactTotal <= limit ? exactTotal : Math.max(limit + 1, scale(sampled.total));
  return { total, facets, estimated: true };
}

function tableName(table: PgTable): string {
  const name = (table as unknown as Record<symbol, string>)[Symbol.for('drizzle:Name')];
  if (!name || !/^[a-z_]+$/.test(name)) throw new Error('Not a table of ours');
  return name;
}

/**
 * One pass over the rows matching `where` (or a sample of the table's pages, `percent`):
 * GROUPING SETS give each facet its counts, each counting only rows that match the other
 * facets; the empty set gives the total.
 */
async function groupCounts(
  db: Executor,
  request: ListCountRequest,
  where: SQL[],
  percent: number | null,
) {
  const entries = Object.entries(request.facets);
  const conditions = entries.map(([, facet]) => facetCondition(facet));
  const others = (skip: number) =>
    and(...conditions.filter((condition, index) => index !== skip && condition)) ?? sql`true`;
  const columns = entries.flatMap(([, facet], index) => [
    sql`(${facet.value})::text as ${sql.identifier(`f${index}`)}`,
    sql`grouping((${facet.value})::text) as ${sql.identifier(`g${index}`)}`,
    sql`count(*) filter (where ${others(index)})::int as ${sql.identifier(`c${index}`)}`,
  ]);
  const all = and(...conditions.filter(Boolean)) ?? sql`true`;
  const sets = sql.join(
    [...entries.map(([, facet]) => sql`((${facet.value})::text)`), sql`()`],
    sql`, `,
  );
  const sample =
    percent === null
      ? sql``
      : sql`tablesample system (${sql.raw(percent.toFixed(4))}) repeatable (52)`;
  const rows = rowsOf<Record<string, string | number | null>>(
    await db.execute(sql`
      select ${sql.join([...columns, sql`count(*) filter (where ${all})::int as total`], sql`, `)}
      from ${request.table} ${sample}
      where ${and(...where) ?? sql`true`}
      group by grouping sets (${sets})`),
  );
  const facets: Record<string, FacetCount[]> = Object.fromEntries(entries.map(([id]) => [id, []]));
  let total = 0;
  for (const row of rows) {
    const index = entries.findIndex((_, i) => Number(row[`g${i}`]) === 0);
    if (index < 0) {
      total = Number(row.total ?? 0);
      continue;
    }
    const count = Number(row[`c${index}`] ?? 0);
    const value = row[`f${index}`];
    if (count > 0 && value !== null && value !== undefined) {
      (facets[(entries[index] as [string, ListFacet])[0]] as FacetCount[]).push({
        value: String(value),
        count,
      });
    }
  }
  for (const counts of Object.values(facets)) {
    counts.sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
  }
  return { total, facets };
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
