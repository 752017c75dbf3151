import type { Page } from 'playwright-core';
import {
  type FacetCount,
  LIST_DEFAULT_PAGE_SIZE,
  type ListPage,
  pageCount,
} from '../../core/shared/list-page';

// A list endpoint as the contract has it (core/shared/list-page.ts), answered in the browser
// from rows in memory (playwright's route()): for the table's browser tests, independent of
// any one list's server. Search, facets (OR within, AND across; each facet's counts apply the
// others and the search, not itself), a date range, sorts and pages as the server does them.

export type FakeList<Row> = {
  rows: Row[];
  /** Each facet's value of a row. */
  facets: Record<string, (row: Row) => string>;
  /** The text the search looks in (lower-cased here). */
  text: (row: Row) => string;
  /** Sort keys by sort id. */
  sorts: Record<string, (row: Row) => number | string>;
  defaultSort: string;
  /** The day (YYYY-MM-DD) `from`/`to` apply to. */
  day: (row: Row) => string;
  /**
   * Answer as a huge list does: true, the total and the counts are estimates; 'facets', the
   * total is exact (kept counts) and the facets' counts are estimates.
   */
  estimate?: boolean | 'facets';
};

export function answerList<Row>(list: FakeList<Row>, url: URL): ListPage<Row> {
  const params = url.searchParams;
  const q = (params.get('q') ?? '').trim().toLowerCase();
  const chosen = Object.fromEntries(
    Object.keys(list.facets).map((id) => [id, (params.get(id) ?? '').split(',').filter(Boolean)]),
  );
  const from = params.get('from');
  const to = params.get('to');
  const matches = (row: Row, except?: string) =>
    (!q || list.text(row).toLowerCase().includes(q)) &&
    (!from || list.day(row) >= from) &&
    (!to || list.day(row) <= to) &&
    Object.entries(list.facets).every(
      ([id, facetOf]) => id === except || !chosen[id]?.length || chosen[id].includes(facetOf(row)),
    );

  const facets: Record<string, FacetCount[]> = {};
  for (const [id, facetOf] of Object.entries(list.facets)) {
    const counts = new Map<string, number>();
    for (const row of list.rows) {
      if (matches(row, id)) counts.set(facetOf(row), (counts.get(facetOf(row)) ?? 0) + 1);
    }
    facets[id] = [...counts].map(([value, count]) => ({ value, count }));
  }

  const sortId = params.get('sort') ?? list.defaultSort;
  const key = list.sorts[sortId] ?? list.sorts[list.defaultSort];
  const direction = params.get('order') === 'asc' ? 1 : -1;
  const rows = list.rows.filter((row) => matches(row));
  if (key) rows.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0) * direction);

  const size = Number(params.get('size') ?? LIST_DEFAULT_PAGE_SIZE);
  const page = Math.min(Number(params.get('page') ?? 1), pageCount(rows.length, size));
  return {
    rows: rows.slice((page - 1) * size, page * size),
    total: rows.length,
    page,
    pageSize: size,
    facets,
    ...(list.estimate === true ? { totalIsEstimate: true } : {}),
    ...(list.estimate ? { facetsAreEstimates: true } : {}),
  };
}

/** Answers `GET <path>` in `page` from `list`; returns the queries asked, newest last. */
export async function routeList<Row>(page: Page, path: string, list: FakeList<Row>) {
  const asked: URL[] = [];
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      const url = new URL(route.request().url());
      asked.push(url);
      await route.fulfill({ json: answerList(list, url) });
    },
  );
  return asked;
}

/** Answers `GET <path>` with `body` (e.g. the designers a facet names). */
export async function routeJson(page: Page, path: string, body: unknown) {
  await page.route(
    (url) => url.pathname === path,
    (route) => route.fulfill({ json: body }),
  );
}
