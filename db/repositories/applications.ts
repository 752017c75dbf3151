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
import { deleteDeliveriesOf, enqueueDelivery } from './outbox';

/** Rows deleted per transaction by the retention job: short locks, bounded memory. */
export const RETENTION_BATCH = 500;

/** An image whose file is kept already (db/image-store.ts): the row references it by hash. */
export type NewApplicationImage = {
  filename: string;
  contentType: ImageContentType;
  contentHash: string;
  byteSize: number;
};

const APPLICATION_LIST_MAX = 100;

/** The list's position: the last row of the previous page (newest first). */
export const ApplicationCursorSchema = CursorSchema(
  z.object({ submittedAt: DateTimeSchema, id: KeysetIdSchema }),
);
type ApplicationCursor = z.output<typeof ApplicationCursorSchema>;

type ApplicationListOptions = {
  status?: ApplicationStatus;
  type?: ApplicationType;
  limit: number;
  after?: ApplicationCursor;
};

type ApplicationRow = typeof applications.$inferSelect;

const {
  data: _data,
  applicationId: _applicationId,
  contentHash: _contentHash,
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
              byteSize: image.byteSize,
              contentHash: image.contentHash,
            })),
          );
        }
        await enqueueDelivery(tx, 'application', row.id);
        return { id: row.id };
      });
    },

    /**
     * The retention job's one way to remove applications: those submitted before `cutoff`,
     * their images and their outbox deliveries, a batch per transaction. Images go first and
     * explicitly (not by cascade), so a storage outside this table is cleaned up here too.
     */
    async deleteApplicationsOlderThan(cutoff: Date): Promise<{
      applications: number;
      images: number;
      deliveries: number;
      /** The deleted images' files (db/image-files.ts deleteStoredImages removes them). */
      imageHashes: string[];
    }> {
      const deleted = { applications: 0, images: 0, deliveries: 0, imageHashes: [] as string[] };
      for (;;) {
        const batch = await db.transaction(async (tx) => {
          const rows = await tx
            .select({ id: applications.id })
            .from(applications)
            .where(lt(applications.submittedAt, cutoff))
            .orderBy(asc(applications.id))
            .limit(RETENTION_BATCH)
            .for('update', { skipLocked: true });
          const ids = rows.map((row) => row.id);
          if (ids.length === 0) return 0;
          const images = await tx
            .delete(applicationImages)
            .where(inArray(applicationImages.applicationId, ids))
            .returning({ contentHash: applicationImages.contentHash });
          deleted.images += images.length;
          for (const { contentHash } of images)
            if (contentHash) deleted.imageHashes.push(contentHash);
          deleted.deliveries += await deleteDeliveriesOf(tx, 'application', ids);
          await tx.delete(applications).where(inArray(applications.id, ids));
          deleted.applications += ids.length;
          return ids.length;
        });
        if (batch < RETENTION_BATCH) return deleted;
      }
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

    /**
     * The images with the hash of their file (db/image-store.ts), in order; `onlyIds` limits it
     * to those (e.g. the ones a Discord message attaches).
     */
    async readImages(applicationId: number, onlyIds?: number[]) {
      const ofApplication = eq(applicationImages.applicationId, applicationId);
      const rows = await db
        .select({ ...imageMetaColumns, contentHash: applicationImages.contentHash })
        .from(applicationImages)
        .where(onlyIds ? and(ofApplication, inArray(applicationImages.id, onlyIds)) : ofApplication)
        .orderBy(asc(applicationImages.position));
      return rows.flatMap((row) =>
        row.contentHash ? [{ ...row, contentHash: row.contentHash }] : [],
      );
    },

    /** An image's type for serving its file, by content hash; null when no row has it. */
    async findImageByHash(contentHash: string) {
      const [row] = await db
        .select({ contentType: applicationImages.contentType })
        .from(applicationImages)
        .where(eq(applicationImages.contentHash, contentHash))
        .limit(1);
      return row ?? null;
    },

    /**
     * The first decision wins: the conditional update lets Postgres settle a race between two
     * leads (the second update re-checks `status = 'pending'` after the first commits).
     * Answers the decided application, or null when it was decided already (or is unknown).
     * Queues the DM that tells the applicant (outbox kind `application_decision`) and the edit
     * that shows the decision on the posted message (`application_decision_edit`). Staff
     * decide through `decideApplication` (application-decision.ts), which says why not.
     */
    async recordDecision(
      id: number,
      decision: Omit<ApplicationDecision, 'decidedAt'> & { decidedAt?: Date; note?: string },
      tx?: Transaction,
    ): Promise<ApplicationSummary | null> {
      // The decision, the applicant's DM and the message's edit are stored together: a
      // decision never goes untold, and a refused (second) decision queues nothing.
      return (tx ?? db).transaction(async (tx) => {
        const [row] = await tx
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
        if (!row) return null;
        await enqueueDelivery(tx, 'application_decision', row.id);
        await enqueueDelivery(tx, 'application_decision_edit', row.id);
        return ApplicationSummarySchema.parse(summaryOf(row));
      });
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
