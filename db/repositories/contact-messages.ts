import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type {
  ContactInboxItem,
  ContactMessage,
  StoredContactMessage,
} from '../../core/contact/schema';
import { CursorSchema, encodeCursor, KeysetIdSchema, type Page } from '../../core/shared/page';
import { ANNOUNCE_AFTER_COMMIT, notifyChanges } from '../changes';
import type { Executor, Transaction } from '../client';
import { contactMessages, staffUsers } from '../schema';
import { RETENTION_BATCH } from './applications';
import { deleteDeliveriesOf, enqueueDeliveriesOf, enqueueDelivery } from './outbox';
import { countHit, type RateLimitCount } from './rate-limits';

const columns = {
  id: contactMessages.id,
  name: contactMessages.name,
  email: contactMessages.email,
  subject: contactMessages.subject,
  message: contactMessages.message,
  createdAt: contactMessages.createdAt,
};

export const CONTACT_LIST_MAX = 100;

/** The list's position: the last message of the previous page (newest first). */
export const ContactMessageCursorSchema = CursorSchema(z.object({ id: KeysetIdSchema }));
export type ContactMessageCursor = z.output<typeof ContactMessageCursorSchema>;

export function createContactMessagesRepository(db: Executor) {
  let withinLimit: ReturnType<typeof prepareWithinLimit> | undefined;
  return {
    /** The retention job: messages received before `cutoff` and their outbox deliveries. */
    async deleteOlderThan(cutoff: Date): Promise<{ messages: number; deliveries: number }> {
      const deleted = { messages: 0, deliveries: 0 };
      for (;;) {
        const batch = await db.transaction(async (tx) => {
          const rows = await tx
            .select({ id: contactMessages.id })
            .from(contactMessages)
            .where(lt(contactMessages.createdAt, cutoff))
            .orderBy(asc(contactMessages.id))
            .limit(RETENTION_BATCH)
            .for('update', { skipLocked: true });
          const ids = rows.map((row) => row.id);
          if (ids.length === 0) return 0;
          deleted.deliveries += await deleteDeliveriesOf(tx, 'contact_message', ids);
          await tx.delete(contactMessages).where(inArray(contactMessages.id, ids));
          deleted.messages += ids.length;
          return ids.length;
        });
        if (batch < RETENTION_BATCH) return deleted;
      }
    },

    /** Stores the message and its delivery to Discord together, or neither; inside `tx` when given. */
    async create(input: ContactMessage, tx?: Transaction): Promise<{ id: number }> {
      return (tx ?? db).transaction(async (tx) => {
        const [row] = await tx
          .insert(contactMessages)
          .values({
            name: input.name,
            email: input.email,
            subject: input.subject,
            message: input.message,
          })
          .returning({ id: contactMessages.id });
        if (!row) throw new Error('contact message insert returned nothing');
        await enqueueDelivery(tx, 'contact_message', row.id);
        return { id: row.id };
      });
    },

    /**
     * The contact form's write, in one statement: counts the hit on the sender's rate limit
     * and, only while the count is within `limit.max`, stores the message and its delivery.
     * `id` is null when over the limit (nothing stored); `count` is the limit's state either way.
     */
    async createWithinLimit(
      input: ContactMessage,
      limit: { key: string; max: number; windowMs: number },
    ): Promise<{ id: number | null; count: RateLimitCount }> {
      withinLimit ??= prepareWithinLimit(db);
      const [row] = await withinLimit.execute({ ...limit, ...input });
      if (!row) throw new Error(`rate limit upsert returned nothing for ${limit.key}`);
      if (row.id !== null && row.queuedId !== null) {
        // Stored either way: a lost announcement only delays the delivery until the worker's
        // next poll (a second) and the inbox until its next refresh, so it never fails the
        // request (the availability monitor still sees a failed query).
        await notifyChanges(db, [
          { table: 'contact_messages', op: 'insert', id: row.id },
          { table: 'outbox', op: 'insert', id: row.queuedId, due: true },
        ]).catch(() => {});
      }
      return { id: row.id, count: { hits: row.hits, resetAt: row.resetAt } };
    },

    /** What the outbox worker delivers. */
    async findById(id: number): Promise<StoredContactMessage | null> {
      const [row] = await db
        .select(columns)
        .from(contactMessages)
        .where(eq(contactMessages.id, id));
      return row ?? null;
    },

    /** Newest first, one page at a time, for the dashboard's inbox; `handled` filters. */
    async list({
      limit,
      after,
      handled,
    }: {
      limit: number;
      after?: ContactMessageCursor;
      handled?: boolean;
    }): Promise<Page<ContactInboxItem>> {
      const size = Math.min(Math.max(1, Math.trunc(limit)), CONTACT_LIST_MAX);
      const state =
        handled === undefined
          ? undefined
          : handled
            ? isNotNull(contactMessages.handledAt)
            : isNull(contactMessages.handledAt);
      const [rows, [counted]] = await Promise.all([
        db
          .select({
            ...columns,
            handledAt: contactMessages.handledAt,
            handledBy: staffUsers.username,
          })
          .from(contactMessages)
          .leftJoin(staffUsers, eq(staffUsers.id, contactMessages.handledByStaffId))
          .where(and(state, after ? lt(contactMessages.id, after.id) : undefined))
          .orderBy(desc(contactMessages.id))
          .limit(size + 1),
        db.select({ total: count() }).from(contactMessages).where(state),
      ]);
      const items = rows.slice(0, size);
      const last = items.at(-1);
      return {
        items,
        nextCursor: rows.length > size && last ? encodeCursor({ id: last.id }) : null,
        total: counted?.total ?? 0,
      };
    },

    /**
     * Marks the message handled by `staffId`, once: marking it again keeps the first who and
     * when. Null for an unknown message.
     */
    async markHandled(id: number, staffId: number): Promise<{ handledAt: Date } | null> {
      await db
        .update(contactMessages)
        .set({ handledAt: new Date(), handledByStaffId: staffId })
        .where(and(eq(contactMessages.id, id), isNull(contactMessages.handledAt)));
      const [row] = await db
        .select({ handledAt: contactMessages.handledAt })
        .from(contactMessages)
        .where(eq(contactMessages.id, id));
      return row?.handledAt ? { handledAt: row.handledAt } : null;
    },
  };
}

export type ContactMessagesRepository = ReturnType<typeof createContactMessagesRepository>;

/**
 * `createWithinLimit`'s statement, built and named once: the form's hot path then skips
 * drizzle's query building (about a tenth of a POST's CPU) and Postgres re-planning it.
 * Counts the hit on the sender's rate limit and, only while the count is within `max`, stores
 * the message and its delivery; the trigger's announcements wait for the commit (decision 034).
 */
function prepareWithinLimit(db: Executor) {
  const param = (name: keyof ContactMessage | 'key' | 'max' | 'windowMs') => sql.placeholder(name);
  const hit = countHit(db, param('key'), param('windowMs'));
  const inserted = [
    contactMessages.name,
    contactMessages.email,
    contactMessages.subject,
    contactMessages.message,
  ].map((column) => sql.identifier(column.name));
  const message = db.$with('message', { id: sql<number>`id`.as('id') }).as(
    sql`insert into ${contactMessages} (${sql.join(inserted, sql`, `)})
        select ${param('name')}, ${param('email')}, ${param('subject')}, ${param('message')}
        from ${hit} where ${hit.hits} <= ${param('max')}
        returning ${sql.identifier(contactMessages.id.name)}`,
  );
  const queued = enqueueDeliveriesOf(db, 'contact_message', message);
  const deferred = db
    .$with('deferred', { deferred: sql<string>`deferred`.as('deferred') })
    .as(ANNOUNCE_AFTER_COMMIT);
  return (
    db
      .with(hit, deferred, message, queued)
      // Raw CTE columns render unqualified, and both inserts return an `id`.
      .select({
        hits: hit.hits,
        resetAt: hit.resetAt,
        id: sql<number | null>`${message}.id`.mapWith(Number),
        queuedId: sql<number | null>`${queued}.id`.mapWith(Number),
      })
      .from(hit)
      .innerJoin(deferred, sql`true`)
      .leftJoin(message, sql`true`)
      .leftJoin(queued, sql`true`)
      .prepare('contact_within_limit')
  );
}
