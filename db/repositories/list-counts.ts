import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { type FacetCount, withChosen } from '../../core/shared/list-page';
import type { Executor } from '../client';
import { statusCounts } from '../schema';

// How many rows a dashboard list matches and each facet's counts (decision
// 052-dashboard-table-contract), in one statement when the set is small enough to count.
//
// - Few matching rows (up to `exactLimit` matching the scope, search and dates): exact. One
//   statement bounds the count and, only when the bound holds, counts every facet in one pass
//   with GROUPING SETS, a `count(*) filter` per facet.
// - More (a million orders, nothing searched): estimated from a sample of the table's pages,
//   scaled by the table's size over the rows sampled (a ratio, so the number of pages the sample
//   happened to take cancels out), shown as "about" and rounded to two figures. A total the
//   bounded count still reaches stays exact.
// - Nothing narrowing the list but its status: the counts the database keeps per status
//   (status_counts, decision 030) give the total and the status facet exactly, without a scan.

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
  /** The facet whose counts status_counts keeps for this table (orders and applications). */
  keptFacet?: { id: string; table: 'orders' | 'applications' };
  /** Tests lower it to take the estimated path on a few rows. */
  exactLimit?: number;
};

export type ListCounts = {
  total: number;
  facets: Record<string, FacetCount[]>;
  /** True when `total` comes from a sample. */
  estimated: boolean;
  /** True when some facet's counts come from a sample. */
  facetsEstimated: boolean;
};

/** A facet's condition; undefined when it does not filter. */
export function facetCondition(facet: ListFacet): SQL | undefined {
  if (!facet.chosen || facet.chosen.length === 0) return undefined;
  if (facet.match) return facet.match(facet.chosen);
  return inArray(facet.value, [...facet.chosen]);
}

const defined = (conditions: readonly (SQL | undefined)[]) =>
  conditions.filter((condition): condition is SQL => condition !== undefined);

/** Every condition of the list: the ones always applied and each facet's. */
export function listConditions(request: Pick<ListCountRequest, 'where' | 'facets'>): SQL[] {
  return defined([...request.where, ...Object.values(request.facets).map(facetCondition)]);
}

/** postgres.js answers an array, PGlite `{ rows }`. */
export function rowsOf<Row>(result: unknown): Row[] {
  return (Array.isArray(result) ? result : (result as { rows: Row[] }).rows) as Row[];
}

const allOf = (conditions: readonly (SQL | undefined)[]) =>
  and(...defined(conditions)) ?? sql`true`;

/** The list's total and facet counts; see the file's comment for when they are estimates. */
export async function countList(db: Executor, request: ListCountRequest): Promise<ListCounts> {
  const counts = await countRows(db, request);
  const facets = Object.fromEntries(
    Object.entries(counts.facets).map(([id, values]) => [
      id,
      withChosen(values, request.facets[id]?.chosen),
    ]),
  );
  return { ...counts, facets };
}

async function countRows(db: Executor, request: ListCountRequest): Promise<ListCounts> {
  const limit = request.exactLimit ?? EXACT_LIMIT;
  const where = defined(request.where);
  if (where.length === 0 && request.keptFacet) {
    const kept = await keptCounts(db, request.keptFacet.table);
    const rows = [...kept.values()].reduce((sum, count) => sum + count, 0);
    if (rows > limit) return estimate(db, request, { rows, kept, limit });
    return exact(await groupCounts(db, request));
  }
  const bounded = await countIfFew(db, request, limit);
  if (bounded.counts) return exact(bounded.counts);
  return estimate(db, request, { rows: bounded.tableRows, kept: null, limit });
}

const exact = (counts: Omit<ListCounts, 'estimated' | 'facetsEstimated'>): ListCounts => ({
  ...counts,
  estimated: false,
  facetsEstimated: false,
});

async function keptCounts(db: Executor, table: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ status: statusCounts.status, total: statusCounts.total })
    .from(statusCounts)
    .where(eq(statusCounts.tableName, table));
  return new Map(rows.map((row) => [row.status, Number(row.total)]));
}

function tableName(table: PgTable): string {
  const name = (table as unknown as Record<symbol, string>)[Symbol.for('drizzle:Name')];
  if (!name || !/^[a-z_]+$/.test(name)) throw new Error('Not a table of ours');
  return name;
}

type GroupedRow = Record<string, string | number | null>;

/**
 * The GROUPING SETS pass: per facet its value, whether the row is that facet's set, and its
 * count among the rows matching every other facet; the empty set gives the total.
 */
function groupingPass(request: ListCountRequest) {
  const entries = Object.entries(request.facets);
  const conditions = entries.map(([, facet]) => facetCondition(facet));
  const others = (skip: number) => allOf(conditions.filter((_, index) => index !== skip));
  const columns = entries.flatMap(([, facet], index) => [
    sql`(${facet.value})::text as ${sql.identifier(`f${index}`)}`,
    sql`grouping((${facet.value})::text)::int as ${sql.identifier(`g${index}`)}`,
    sql`(count(*) filter (where ${others(index)}))::int as ${sql.identifier(`c${index}`)}`,
  ]);
  const sets = sql.join(
    [...entries.map(([, facet]) => sql`((${facet.value})::text)`), sql`()`],
    sql`, `,
  );
  const total = sql`(count(*) filter (where ${allOf(conditions)}))::int as total`;
  /** The same columns as nulls, for a row of the statement that is not a group. */
  const nulls = entries
    .flatMap((_, index) => [
      sql`null::text as ${sql.identifier(`f${index}`)}`,
      sql`null::int as ${sql.identifier(`g${index}`)}`,
      sql`null::int as ${sql.identifier(`c${index}`)}`,
    ])
    .concat(sql`null::int as total`);
  return { columns: sql.join([...columns, total], sql`, `), sets, nulls, entries };
}

/** The groups' rows as each facet's counts (count > 0, most first) and the total. */
function readGroups(request: ListCountRequest, rows: GroupedRow[], scale = (n: number) => n) {
  const entries = Object.keys(request.facets);
  const facets: Record<string, FacetCount[]> = Object.fromEntries(entries.map((id) => [id, []]));
  let totalRow: GroupedRow | undefined;
  for (const row of rows) {
    const index = entries.findIndex((_, i) => Number(row[`g${i}`]) === 0);
    if (index < 0) {
      totalRow = row;
      continue;
    }
    const count = Number(row[`c${index}`] ?? 0);
    const value = row[`f${index}`];
    if (count > 0 && value !== null && value !== undefined) {
      facets[entries[index] as string]?.push({ value: String(value), count: scale(count) });
    }
  }
  for (const counts of Object.values(facets)) sortCounts(counts);
  return { total: Number(totalRow?.total ?? 0), facets, totalRow };
}

const sortCounts = (counts: FacetCount[]) =>
  counts.sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));

/** Exact counts over the rows matching `where` (a set known to be small). */
async function groupCounts(db: Executor, request: ListCountRequest) {
  const pass = groupingPass(request);
  const rows = rowsOf<GroupedRow>(
    await db.execute(sql`
      select ${pass.columns} from ${request.table}
      where ${allOf(request.where)}
      group by grouping sets (${pass.sets})`),
  );
  const { total, facets } = readGroups(request, rows);
  return { total, facets };
}

/**
 * One statement: the rows matching `where`, counted up to `limit + 1`; when that count is
 * within the limit, the exact grouping pass too (its scan is skipped otherwise: the bound is a
 * one-time filter); else the table's size for the sample.
 */
async function countIfFew(db: Executor, request: ListCountRequest, limit: number) {
  const pass = groupingPass(request);
  const where = allOf(request.where);
  const rows = rowsOf<GroupedRow & { matched: number | null; table_rows: number | null }>(
    await db.execute(sql`
      with bounded as (
        select count(*)::int as n from (
          select 1 from ${request.table} where ${where} limit ${sql.raw(String(limit + 1))}
        ) as up_to
      )
      (select ${pass.columns}, null::int as matched, null::float8 as table_rows
        from ${request.table}
        where ${where} and (select n from bounded) <= ${sql.raw(String(limit))}
        group by grouping sets (${pass.sets}))
      union all
      select ${sql.join(pass.nulls, sql`, `)}, bounded.n,
        (select greatest(reltuples, 1)::float8 from pg_class
          where oid = ${sql.raw(`'${tableName(request.table)}'`)}::regclass)
      from bounded`),
  );
  const bound = rows.find((row) => row.matched !== null);
  if (Number(bound?.matched ?? 0) > limit) {
    return { counts: null, tableRows: Number(bound?.table_rows ?? 1) };
  }
  const { total, facets } = readGroups(
    request,
    rows.filter((row) => row.matched === null),
  );
  return { counts: { total, facets }, tableRows: 0 };
}

/** `n` to two significant figures: an estimate should not look more precise than it is. */
export function roughly(n: number): number {
  if (n < 100) return Math.max(1, Math.round(n));
  const step = 10 ** (Math.floor(Math.log10(n)) - 1);
  return Math.round(n / step) * step;
}

/**
 * Counts from a sample of the table's pages (about SAMPLE_ROWS rows), `REPEATABLE` so a reload
 * shows the same figures, in one statement with the exact total of the filtered set bounded by
 * `limit` (exact whenever a filter narrows it that far).
 */
async function estimate(
  db: Executor,
  request: ListCountRequest,
  {
    rows: tableRows,
    kept,
    limit,
  }: { rows: number; kept: Map<string, number> | null; limit: number },
): Promise<ListCounts> {
  const where = defined(request.where);
  const all = listConditions(request);
  const filtered = all.length > where.length;
  const percent = Math.min(100, (100 * SAMPLE_ROWS) / Math.max(1, tableRows));
  const pass = groupingPass(request);
  const sample = sql`${request.table} tablesample system (${sql.raw(percent.toFixed(4))}) repeatable (52)`;
  const bounded = filtered
    ? sql`(select count(*)::int from (select 1 from ${request.table} where ${allOf(all)} limit ${sql.raw(String(limit + 1))}) as up_to)`
    : sql`null::int`;
  // The same seed takes the same pages twice: once counted whole (the ratio's denominator,
  // no facet computed), once grouped where the scope and search match.
  const rows = rowsOf<GroupedRow & { sampled: number; exact_total: number | null }>(
    await db.execute(sql`
      select ${pass.columns}, (select count(*)::int from ${sample}) as sampled,
        ${bounded} as exact_total
      from ${sample}
      where ${allOf(where)}
      group by grouping sets (${pass.sets})`),
  );
  const totalRow = readGroups(request, rows).totalRow;
  const sampled = Number(totalRow?.sampled ?? 0);
  const boundedTotal = totalRow?.exact_total ?? null;
  const exactTotal = boundedTotal === null ? null : Number(boundedTotal);
  const perRow = sampled > 0 ? tableRows / sampled : 100 / percent;
  const groups = readGroups(request, rows, (count) => roughly(count * perRow));
  const keptFacet = kept && request.keptFacet;
  const othersChosen = Object.entries(request.facets).some(
    ([id, facet]) => id !== keptFacet?.id && facetCondition(facet),
  );
  const facets = { ...groups.facets };
  let facetsEstimated = Object.keys(facets).length > 0;
  // The kept counts are exact for the kept facet while no other facet narrows it.
  if (keptFacet && !othersChosen) {
    facets[keptFacet.id] = sortCounts(
      [...kept.entries()]
        .filter(([, count]) => count > 0)
        .map(([value, count]) => ({ value, count })),
    );
    facetsEstimated = Object.keys(facets).length > 1;
  }
  if (exactTotal !== null && exactTotal <= limit) {
    return { total: exactTotal, facets, estimated: false, facetsEstimated };
  }
  if (kept && keptFacet && !othersChosen) {
    const chosen = request.facets[keptFacet.id]?.chosen;
    const total = [...kept.entries()]
      .filter(([value]) => !chosen?.length || chosen.includes(value))
      .reduce((sum, [, count]) => sum + count, 0);
    return { total, facets, estimated: false, facetsEstimated };
  }
  const total = Math.max(limit + 1, roughly(groups.total * perRow));
  return { total, facets, estimated: true, facetsEstimated };
}
