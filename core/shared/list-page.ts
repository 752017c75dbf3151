import { z } from 'zod';
import { DaySchema } from './day';
import { text } from './text';

// The one contract of the dashboard's lists (issue 32: Applications, Orders, Tickets, Payouts,
// Reviews, Messages, Payments). One request answers the page, how many rows match, and each
// facet's counts, so the table's toolbar costs no extra round trips.
//
//   GET /api/staff/<list>?q=&sort=&order=&page=&size=&from=&to=&<facet>=a,b
//
// - `q`: the search box (debounced by the table); each list says what it searches.
// - `<facet>=a,b`: a faceted filter, several values OR-ed; facets are AND-ed with each other.
// - `from`/`to`: the date range (days, inclusive, UTC) on the list's date column.
// - `page` is 1-based; `size` one of LIST_PAGE_SIZES.
//
// Facet counts follow the anchors (shadcn's tasks table, Linear): a facet's counts apply every
// other filter and the search but not the facet itself, so ticking a second value shows what it
// adds. Values with no row are left out, but for chosen ones (count 0, named like the rest).

export const LIST_PAGE_SIZES = [10, 25, 50, 100] as const;
export const LIST_DEFAULT_PAGE_SIZE = 25;
/** Longest search a list accepts; past it the query is a 400 in words. */
export const LIST_SEARCH_MAX = 100;
/** Most values one facet may name at once. */
export const LIST_FACET_VALUES_MAX = 20;

export type FacetCount = {
  value: string;
  count: number;
  /**
   * The value's name where the client cannot know it (a designer's id → their name, a service
   * key → its label); absent where the value names itself or the page labels it.
   */
  label?: string;
};

/**
 * `counts` with each chosen value it lacks (no row has it) as a count of 0, so the answer
 * names it too (labelFacet) and the table never shows a chosen value as a bare id.
 */
export function withChosen(
  counts: readonly FacetCount[],
  chosen: readonly string[] | undefined,
): FacetCount[] {
  const counted = new Set(counts.map((count) => count.value));
  const missing = (chosen ?? []).filter((value) => !counted.has(value));
  return [...counts, ...missing.map((value) => ({ value, count: 0 }))];
}

/** Each count of `counts` named by `labelOf` where it knows the value. */
export function labelFacet(
  counts: readonly FacetCount[] | undefined,
  labelOf: (value: string) => string | null | undefined,
): FacetCount[] {
  return (counts ?? []).map((count) => {
    const label = labelOf(count.value);
    return label ? { ...count, label } : count;
  });
}

export type ListPage<Row> = {
  rows: Row[];
  /** Rows matching every filter and the search, on all pages. */
  total: number;
  /** 1-based; past the last page the server answers the last page. */
  page: number;
  pageSize: number;
  facets: Record<string, FacetCount[]>;
  /**
   * True when `total` is an estimate (a huge set matching no search, decision 052): show it as
   * "about"; the last page is then found by paging, not known.
   */
  totalIsEstimate?: boolean;
  /** True when the facets' counts are estimates (from a sample): show them as "about". */
  facetsAreEstimates?: boolean;
};

export const SortOrderSchema = z.enum(['asc', 'desc'], { error: 'Order must be asc or desc' });

/**
 * One facet's `a,b` parameter, checked value by value against the facet's own schema; a bad
 * value is the parameter's error (named by the facet, in the value schema's words).
 */
export function FacetParamSchema<Value extends z.ZodType<string, string>>(value: Value) {
  return z.string().transform((raw, ctx): z.output<Value>[] => {
    const values = [...new Set(raw.split(',').filter((part) => part !== ''))];
    if (values.length > LIST_FACET_VALUES_MAX) {
      const message = `At most ${LIST_FACET_VALUES_MAX} values at once`;
      ctx.issues.push({ code: 'custom', message, input: raw });
      return z.NEVER;
    }
    const parsed: z.output<Value>[] = [];
    for (const each of values) {
      const result = value.safeParse(each);
      if (!result.success) {
        const message = result.error.issues[0]?.message ?? `Not a value: ${each}`;
        ctx.issues.push({ code: 'custom', message, input: raw });
        return z.NEVER;
      }
      parsed.push(result.data);
    }
    return parsed;
  });
}

/** The part every list's query shares; each list adds its sorts and facets. */
export function ListQuerySchema<Sort extends z.ZodType<string>>(
  sort: Sort,
  defaultSort: z.output<Sort>,
) {
  return z.object({
    // The one text rule (decision 021): a NUL reaching the SQL was a 500 (the staff fuzz).
    q: text('Search', { max: LIST_SEARCH_MAX })
      .optional()
      .transform((q) => (q ? q : undefined)),
    sort: sort.default(defaultSort as never),
    order: SortOrderSchema.default('desc'),
    page: z.coerce
      .number({ error: 'Page must be a number' })
      .int({ error: 'Page must be a whole number' })
      .min(1, { error: 'Page must be at least 1' })
      .max(1_000_000, { error: 'Page is too far' })
      .default(1),
    size: z.coerce
      .number({ error: 'Size must be a number' })
      .refine((size) => (LIST_PAGE_SIZES as readonly number[]).includes(size), {
        error: `Size must be one of ${LIST_PAGE_SIZES.join(', ')}`,
      })
      .default(LIST_DEFAULT_PAGE_SIZE),
    from: DaySchema.optional(),
    to: DaySchema.optional(),
  });
}

/** "Page X of Y": at least one page, even when nothing matches. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

export type InMemoryFacet<Row> = { valueOf: (row: Row) => string; chosen?: readonly string[] };

/**
 * The contract over rows already in memory, for a list that is small by nature (Payouts: a
 * line per designer and period). Same rules as the database's lists: a facet's counts apply
 * the search and every other facet; values OR-ed within a facet; past the end, the last page.
 */
export function listPageOf<Row>(
  rows: readonly Row[],
  options: {
    facets: Record<string, InMemoryFacet<Row>>;
    /** The search; absent: every row. */
    matches?: (row: Row) => boolean;
    /** The sort, ascending. */
    compare: (a: Row, b: Row) => number;
    /** Breaks the sort's ties the same way in either direction, so the order is total. */
    tieBreak: (a: Row, b: Row) => number;
    order: 'asc' | 'desc';
    page: number;
    size: number;
  },
): ListPage<Row> {
  const entries = Object.entries(options.facets);
  const searched = options.matches ? rows.filter(options.matches) : [...rows];
  const passes = (row: Row, skip?: string) =>
    entries.every(
      ([id, facet]) =>
        id === skip || !facet.chosen?.length || facet.chosen.includes(facet.valueOf(row)),
    );
  const facets: Record<string, FacetCount[]> = {};
  for (const [id, facet] of entries) {
    const counts = new Map<string, number>();
    for (const row of searched) {
      if (!passes(row, id)) continue;
      const value = facet.valueOf(row);
      counts.set(value, (counts.get(value) ?? 0) + 1);
    }
    facets[id] = withChosen(
      [...counts]
        .map(([value, count]) => ({ value, count }))
        .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value)),
      facet.chosen,
    );
  }
  const matching = searched.filter((row) => passes(row));
  const sign = options.order === 'asc' ? 1 : -1;
  matching.sort((a, b) => sign * options.compare(a, b) || options.tieBreak(a, b));
  const page = Math.min(options.page, pageCount(matching.length, options.size));
  const start = (page - 1) * options.size;
  return {
    rows: matching.slice(start, start + options.size),
    total: matching.length,
    page,
    pageSize: options.size,
    facets,
  };
}
