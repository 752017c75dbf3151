import { and, count, eq, gt, gte, lt, type SQL, sql } from 'drizzle-orm';
import { APPLICATION_STATUSES, type ApplicationAnswers } from '../../core/applications/record';
import { parseApplicationReference } from '../../core/applications/reference';
import {
  type ApplicationFilter,
  type ApplicationKeyset,
  type ApplicationSort,
  searchTsQuery,
} from '../../core/applications/staff-list';
import { encodeCursor, type Page } from '../../core/shared/page';
import type { Executor } from '../client';
import { applications } from '../schema';
import {
  type KeysetPageRequest,
  type KeysetTuning,
  keysetOrder,
  keysetPageCondition,
} from './keyset-page';

// The dashboard's application list (issue 12): filters, three sort orders, search, keyset
// pages. Each order reads an index on (filter, sort value, id) — migration 0005 — so the
// deepest page costs what the first does; the count stops at COUNT_CAP (no exact count of a
// million rows on every page).

export const COUNT_CAP = 10_000;
/** Rows read to tell a common search word from a rare one before counting (countMatching). */
const SEARCH_SAMPLE = 2_000;

export type ApplicationListRow = {
  id: number;
  type: 'moderator' | 'designer';
  status: 'pending' | 'accepted' | 'rejected';
  robloxUsername: string;
  discordUsername: string;
  submittedAt: Date;
  reviewerName: string | null;
  decidedAt: Date | null;
};

export type ApplicationExportRow = ApplicationListRow & {
  reviewerId: string | null;
  decisionNote: string | null;
  answers: ApplicationAnswers;
};

/** The sort value as the index holds it, and how a cursor's text goes back to its type. */
const SORTS: Record<ApplicationSort, { value: SQL; fromText: (text: string) => SQL }> = {
  submitted: {
    value: sql`${applications.submittedAt}`,
    fromText: (text) => sql`${text}::timestamptz`,
  },
  username: {
    value: sql`lower(${applications.robloxUsername})`,
    fromText: (text) => sql`${text}::text`,
  },
  status: {
    value: sql`${applications.status}`,
    fromText: (text) => sql`${text}::application_status`,
  },
};

const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);
const dayAfter = (day: string) => new Date(dayStart(day).getTime() + 86_400_000);

function filterConditions(filter: ApplicationFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.type) conditions.push(eq(applications.type, filter.type));
  if (filter.status) conditions.push(eq(applications.status, filter.status));
  if (filter.from) conditions.push(gte(applications.submittedAt, dayStart(filter.from)));
  if (filter.to) conditions.push(lt(applications.submittedAt, dayAfter(filter.to)));
  // A reference ("DES-000012", as applicants quote it) finds that application; other text is
  // searched as words.
  const reference = filter.q ? parseApplicationReference(filter.q) : null;
  if (reference) {
    conditions.push(eq(applications.id, reference.id), eq(applications.type, reference.type));
    return conditions;
  }
  const query = filter.q ? searchTsQuery(filter.q) : null;
  if (query) conditions.push(sql`${applications.search} @@ to_tsquery('simple', ${query})`);
  return conditions;
}

const listColumns = {
  id: applications.id,
  type: applications.type,
  status: applications.status,
  robloxUsername: applications.robloxUsername,
  discordUsername: applications.discordUsername,
  submittedAt: applications.submittedAt,
  reviewerName: applications.reviewerName,
  decidedAt: applications.decidedAt,
};

const exportColumns = {
  ...listColumns,
  reviewerId: applications.reviewerId,
  decisionNote: applications.decisionNote,
  answers: applications.answers,
};

type PageRequest = ApplicationFilter & { limit: number; cursor?: ApplicationKeyset };

type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/**
 * A search sorted by status is read one status at a time, in the page's order from the
 * cursor's (decision record 030-status-sort-and-status-counts): within one status the order is
 * by id, and a status none of whose rows has the word costs one probe of
 * applications_status_search_idx (the words and the status), not a walk past all its rows.
 * Yields each status with the id the cursor resumes after in it.
 */
function statusStretches({ order, status, cursor }: PageRequest) {
  const inOrder = order === 'desc' ? [...APPLICATION_STATUSES].reverse() : APPLICATION_STATUSES;
  const from = cursor ? inOrder.indexOf(cursor.value as ApplicationStatus) : 0;
  // A cursor whose value is no status was not written by this list: no row follows it.
  if (from < 0) return [];
  return inOrder
    .slice(from)
    .filter((each) => !status || each === status)
    .map((each) => ({
      status: each,
      afterId: cursor && each === cursor.value ? cursor.id : undefined,
    }));
}

/** Rows past `id` in the page's direction (within one status the order is by id). */
const idAfter = (id: number, descending: boolean) =>
  descending ? lt(applications.id, id) : gt(applications.id, id);

/**
 * Sorted by status with one status asked, every row after the cursor is simply past its id; said
 * outright, because the planner reads `(status, id) < (…)` as a vague guess and walked half the
 * table by primary key for a deep page.
 */
function sameStatusAfter({ sort, status, cursor, order }: PageRequest): SQL[] {
  if (sort !== 'status' || !status || cursor?.value !== status) return [];
  return [idAfter(cursor.id, order === 'desc')];
}

export function createApplicationListRepository(
  db: Executor,
  /** See keyset-page.ts; the defaults unless a test takes each branch. */
  tuning: KeysetTuning = {},
) {
  async function readPage<Columns extends typeof listColumns>(
    columns: Columns,
    request: PageRequest,
  ) {
    const sort = SORTS[request.sort];
    const descending = request.order === 'desc';
    const base = {
      table: applications,
      id: applications.id,
      sortValue: sort.value,
      filters: filterConditions(request),
      // A search or a date range may match a handful of rows: find them through their own
      // index first (keyset-page.ts). Type and status have (filter, sort, id) indexes.
      narrow: Boolean(request.q || request.from || request.to),
      descending,
      ...tuning,
    };
    const select = (page: KeysetPageRequest) =>
      db
        .select({ ...columns, sortValue: sql<string>`(${sort.value})::text` })
        .from(applications)
        .where(keysetPageCondition(page))
        .orderBy(...keysetOrder(page))
        .limit(page.rows);
    // The page and one more row, which tells whether a next page exists.
    const wanted = request.limit + 1;
    const rows: Awaited<ReturnType<typeof select>> = [];
    if (request.sort === 'status' && request.q) {
      for (const { status, afterId } of statusStretches(request)) {
        const resume = afterId === undefined ? [] : [idAfter(afterId, descending)];
        const within = [eq(applications.status, status), ...resume];
        rows.push(...(await select({ ...base, within, rows: wanted - rows.length })));
        if (rows.length === wanted) break;
      }
    } else {
      const after = request.cursor && {
        value: sort.fromText(request.cursor.value),
        id: request.cursor.id,
      };
      const filters = [...base.filters, ...sameStatusAfter(request)];
      rows.push(...(await select({ ...base, filters, after, rows: wanted })));
    }
    const more = rows.length > request.limit;
    const items = rows.slice(0, request.limit);
    const last = items.at(-1);
    const next: ApplicationKeyset | null =
      more && last ? { sort: request.sort, value: last.sortValue, id: last.id } : null;
    return { items, next };
  }

  /** How many rows match, up to COUNT_CAP + 1 (which the page shows as "more than"). */
  async function countMatching(filter: ApplicationFilter): Promise<number> {
    const filters = and(...filterConditions(filter));
    if (filter.q) {
      // A GIN index is read whole before any LIMIT applies: counting a common word's 250,000
      // matches through it costs more than the page. So the first SEARCH_SAMPLE rows of the
      // table are read first; a word that would match more than twice COUNT_CAP of the whole
      // table at their rate is "more than COUNT_CAP" (an estimate, flagged as one).
      const sample = db
        .select({ hit: sql<boolean>`${filters}`.as('hit') })
        .from(applications)
        .limit(SEARCH_SAMPLE)
        .as('sample');
      const [probe] = await db
        .select({
          seen: count(),
          hits: sql<number>`count(*) filter (where ${sample.hit})`.mapWith(Number),
          size: sql<number>`(select reltuples::float8 from pg_class where oid = 'applications'::regclass)`.mapWith(
            Number,
          ),
        })
        .from(sample);
      if (probe && probe.seen < SEARCH_SAMPLE) return probe.hits; // the whole table
      if (probe && probe.size > 0 && (probe.hits / probe.seen) * probe.size > 2 * COUNT_CAP) {
        return COUNT_CAP + 1;
      }
    }
    const matching = db
      .select({ one: sql`1` })
      .from(applications)
      .where(filters)
      .limit(COUNT_CAP + 1)
      .as('matching');
    const [counted] = await db.select({ total: count() }).from(matching);
    return Number(counted?.total ?? 0);
  }

  return {
    /** One page of the list, with how many match (up to COUNT_CAP, then an estimate flag). */
    async list(request: PageRequest): Promise<Page<ApplicationListRow>> {
      const [{ items, next }, total] = await Promise.all([
        readPage(listColumns, request),
        countMatching(request),
      ]);
      return {
        items: items.map(({ sortValue: _sortValue, ...row }) => row),
        nextCursor: next ? encodeCursor(next) : null,
        total: Math.min(total, COUNT_CAP),
        ...(total > COUNT_CAP && { totalIsEstimate: true }),
      };
    },

    /**
     * Every matching row with its answers, a page at a time (the CSV export): memory holds
     * one page, whatever the total.
     */
    async *exportRows(
      filter: ApplicationFilter,
      pageSize = 500,
    ): AsyncGenerator<ApplicationExportRow> {
      let cursor: ApplicationKeyset | undefined;
      do {
        const { items, next } = await readPage(exportColumns, {
          ...filter,
          limit: pageSize,
          cursor,
        });
        for (const { sortValue: _sortValue, ...row } of items) yield row as ApplicationExportRow;
        cursor = next ?? undefined;
      } while (cursor);
    },
  };
}
