import { and, asc, count, desc, eq, getTableColumns, inArray, lt, or, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  type Application,
  type ApplicationDecision,
  type ApplicationRecord,
  type ApplicationStatus,
  type ApplicationSummary,
  ApplicationSummarySchema,
  type ApplicationType,
  type ImageContentType,
  readApplicationRecord,
  splitApplication,
} from '../../core/applications';
import { DateTimeSchema } from '../../core/shared/dates';
import { CursorSchema, encodeCursor, KeysetIdSchema, type Page } from '../../core/shared/page';
import type { Executor, Transaction } from '../client';
import { applicationImages, applications } from '../schema';
import { enqueueDelivery } from './outbox';

export type NewApplicationImage = {
  filename: string;
  contentType: ImageContentType;
  data: Uint8Array;
};

export const APPLICATION_LIST_MAX = 100;

/** The list's position: the last row of the previous page (newest first). */
export const ApplicationCursorSchema = CursorSchema(
  z.object({ submittedAt: DateTimeSchema, id: KeysetIdSchema }),
);
export type ApplicationCursor = z.output<typeof ApplicationCursorSchema>;

export type ApplicationListOptions = {
  status?: ApplicationStatus;
  type?: ApplicationType;
  limit: number;
  after?: ApplicationCursor;
};

type ApplicationRow = typeof applications.$inferSelect;

const {
  data: _data,
  applicationId: _applicationId,
  ...imageMetaColumns
} = getTableColumns(applicationImages);

function decisionOf(row: ApplicationRow): ApplicationDecision | null {
  if (row.status === 'pending' || !row.reviewerId || !row.decidedAt) return null;
  return {
    status: row.status,
    reviewerId: row.reviewerId,
    reviewerName: row.reviewerName ?? '',
    decidedAt: row.decidedAt,
  };
}

function summaryOf(row: ApplicationRow) {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    robloxUsername: row.robloxUsername,
    discordUsername: row.discordUsername,
    submittedAt: row.submittedAt,
    decision: decisionOf(row),
  };
}

export function createApplicationsRepository(db: Executor) {
  return {
    /**
     * The application, its images and its Discord delivery, stored together or not at all;
     * inside `tx` when given (and undone with it).
     */
    async create(
      application: Application,
      {
        images = [],
        // Millisecond precision (a JS Date) on purpose: the list's keyset cursor round-trips it.
        submittedAt = new Date(),
      }: { images?: NewApplicationImage[]; submittedAt?: Date } = {},
      tx?: Transaction,
    ): Promise<{ id: number }> {
      return (tx ?? db).transaction(async (tx) => {
        const [row] = await tx
          .insert(applications)
          .values({ ...splitApplication(application), submittedAt })
          .returning({ id: applications.id });
        if (!row) throw new Error('application insert returned nothing');
        if (images.length > 0) {
          await tx.insert(applicationImages).values(
            images.map((image, position) => ({
              applicationId: row.id,
              position,
              filename: image.filename,
              contentType: image.contentType,
              byteSize: image.data.byteLength,
              data: image.data,
            })),
          );
        }
        await enqueueDelivery(tx, 'application', row.id);
        return { id: row.id };
      });
    },

    /** The application with its answers read through its type's schema, and its images. */
    async findById(id: number): Promise<ApplicationRecord | null> {
      const [row] = await db.select().from(applications).where(eq(applications.id, id));
      if (!row) return null;
      const images = await db
        .select(imageMetaColumns)
        .from(applicationImages)
        .where(eq(applicationImages.applicationId, id))
        .orderBy(asc(applicationImages.position));
      return readApplicationRecord({ ...summaryOf(row), answers: row.answers, images });
    },

    /** The images with their bytes, in order; `onlyIds` limits it to those (e.g. the ones a Discord message attaches). */
    async readImages(applicationId: number, onlyIds?: number[]) {
      const ofApplication = eq(applicationImages.applicationId, applicationId);
      const rows = await db
        .select({ ...imageMetaColumns, data: applicationImages.data })
        .from(applicationImages)
        .where(onlyIds ? and(ofApplication, inArray(applicationImages.id, onlyIds)) : ofApplication)
        .orderBy(asc(applicationImages.position));
      return rows.map((row) => ({ ...row, data: new Uint8Array(row.data) }));
    },

    /**
     * The first decision wins: the conditional update lets Postgres settle a race between two
     * leads (the second update re-checks `status = 'pending'` after the first commits).
     * Answers the decided application, or null when it was decided already (or is unknown).
     */
    async recordDecision(
      id: number,
      decision: Omit<ApplicationDecision, 'decidedAt'> & { decidedAt?: Date; note?: string },
      tx?: Transaction,
    ): Promise<ApplicationSummary | null> {
      const [row] = await (tx ?? db)
        .update(applications)
        .set({
          status: decision.status,
          reviewerId: decision.reviewerId,
          reviewerName: decision.reviewerName,
          decidedAt: decision.decidedAt ?? new Date(),
          decisionNote: decision.note ?? null,
        })
        .where(and(eq(applications.id, id), eq(applications.status, 'pending')))
        .returning();
      return row ? ApplicationSummarySchema.parse(summaryOf(row)) : null;
    },

    /** Newest first, one page at a time, with how many match the filters. */
    async list(options: ApplicationListOptions): Promise<Page<ApplicationSummary>> {
      const filters: SQL[] = [];
      if (options.status) filters.push(eq(applications.status, options.status));
      if (options.type) filters.push(eq(applications.type, options.type));
      const position = options.after
        ? or(
            lt(applications.submittedAt, options.after.submittedAt),
            and(
              eq(applications.submittedAt, options.after.submittedAt),
              lt(applications.id, options.after.id),
            ),
          )
        : undefined;
      const size = Math.min(Math.max(1, Math.trunc(options.limit)), APPLICATION_LIST_MAX);
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(applications)
          .where(and(...filters, position))
          .orderBy(desc(applications.submittedAt), desc(applications.id))
          .limit(size + 1),
        db
          .select({ total: count() })
          .from(applications)
          .where(and(...filters)),
      ]);
      const items = rows
        .slice(0, size)
        .map((row) => ApplicationSummarySchema.parse(summaryOf(row)));
      const last = items.at(-1);
      return {
        items,
        nextCursor:
          rows.length > size && last
            ? encodeCursor({ submittedAt: last.submittedAt, id: last.id })
            : null,
        total: counted?.total ?? 0,
      };
    },
  };
}

export type ApplicationsRepository = ReturnType<typeof createApplicationsRepository>;
