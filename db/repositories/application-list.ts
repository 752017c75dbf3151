import { and, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { ApplicationAnswers } from '../../core/applications/record';
import { parseApplicationReference } from '../../core/applications/reference';
import {
  type ApplicationListQuery,
  type ApplicationSort,
  searchTsQuery,
} from '../../core/applications/staff-list';
import type { ListPage } from '../../core/shared/list-page';
import type { Executor } from '../client';
import { applications } from '../schema';
import {
  inWindow,
  type ListFacet,
  listConditions,
  pageOfQuery,
  readListPage,
  toListPage,
} from './list-query';

// The dashboard's application list (issue 12, decision 052): one page of the list contract
// with the facets' counts, and every matching row for the CSV export.

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

const SORT_COLUMN: Record<ApplicationSort, SQL> = {
  submitted: sql`${applications.submittedAt}`,
  decided: sql`${applications.decidedAt}`,
  username: sql`lower(${applications.robloxUsername})`,
  status: sql`${applications.status}`,
  type: sql`${applications.type}`,
};

const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);
const dayAfter = (day: string) => new Date(dayStart(day).getTime() + 86_400_000);

/** The search: a reference ("DES-000012", as applicants quote it), else words. */
function searchCondition(q: string): SQL | undefined {
  const reference = parseApplicationReference(q);
  if (reference) {
    return and(eq(applications.id, reference.id), eq(applications.type, reference.type));
  }
  const query = searchTsQuery(q);
  return query ? sql`${applications.search} @@ to_tsquery('simple', ${query})` : sql`false`;
}

function listRequest(query: ApplicationListQuery) {
  const facets: Record<string, ListFacet> = {
    status: { value: sql`${applications.status}::text`, chosen: query.status },
    type: { value: sql`${applications.type}::text`, chosen: query.type },
  };
  return {
    table: applications,
    where: [
      query.q ? searchCondition(query.q) : undefined,
      query.from ? gte(applications.submittedAt, dayStart(query.from)) : undefined,
      query.to ? lt(applications.submittedAt, dayAfter(query.to)) : undefined,
    ],
    facets,
    keptFacet: { id: 'status', table: 'applications' as const },
  };
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

export function createApplicationListRepository(
  db: Executor,
  /** Tests lower the exact-count limit (list-query.ts) to take the estimated path. */
  tuning: { exactLimit?: number } = {},
) {
  return {
    /** One page of the list, with how many match and the facets' counts. */
    async list(query: ApplicationListQuery): Promise<ListPage<ApplicationListRow>> {
      const read = await readListPage(
        db,
        {
          ...listRequest(query),
          ...tuning,
          ...pageOfQuery(query),
          sort: SORT_COLUMN[query.sort],
          id: sql`${applications.id}`,
        },
        (window) => inWindow(db.select(listColumns).from(applications).$dynamic(), window),
      );
      return toListPage(read, read.rows, query.size);
    },

    /**
     * Every matching row with its answers, newest first, a batch at a time (the CSV export):
     * memory holds one batch, whatever the total. By id, so a deep batch costs what the first
     * does (an offset would read every row before it again).
     */
    async *exportRows(
      query: ApplicationListQuery,
      batchSize = 500,
    ): AsyncGenerator<ApplicationExportRow> {
      const conditions = listConditions(listRequest(query));
      let before: number | undefined;
      for (;;) {
        const rows = await db
          .select(exportColumns)
          .from(applications)
          .where(and(...conditions, before === undefined ? undefined : lt(applications.id, before)))
          .orderBy(sql`${applications.id} desc`)
          .limit(batchSize);
        for (const row of rows) yield row as ApplicationExportRow;
        const last = rows.at(-1);
        if (!last || rows.length < batchSize) return;
        before = last.id;
      }
    },
  };
}
