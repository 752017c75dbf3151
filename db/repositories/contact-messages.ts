import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableName,
  inArray,
  isNotNull,
  isNull,
  lt,
  sql,
} from 'drizzle-orm';
import { z } from 'zod';
import type {
  ContactInboxItem,
  ContactMessage,
  StoredContactMessage,
} from '../../core/contact/schema';
import { CursorSchema, encodeCursor, KeysetIdSchema, type Page } from '../../core/shared/page';
import { ANNOUNCE_AFTER_COMMIT, type Change, notifyChanges } from '../changes';
import type { Executor, Transaction } from '../client';
import { contactMessages, rateLimits, staffUsers } from '../schema';
import { createWriteBatches } from '../write-batches';
import { RETENTION_BATCH } from './applications';
import { deleteDeliveriesOf, enqueueDeliveriesOf, enqueueDelivery } from './outbox';
import { countHitsOf, type RateLimitCount } from './rate-limits';

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
  let writeWithinLimit: ((message: LimitedMessage) => Promise<WithinLimit>) | undefined;
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
     * The contact form's write: counts the hit on the sender's rate limit and, only while the
     * count is within `limit.max`, stores the message and its delivery. `id` is null when over
     * the limit (nothing stored); `count` is the limit's state either way. Concurrent calls
     * are written together, one statement and one commit per batch (db/write-batches.ts).
     */
    createWithinLimit(input: ContactMessage, limit: ContactLimit): Promise<WithinLimit> {
      writeWithinLimit ??= createWriteBatches((batch: LimitedMessage[]) =>
        writeBatchWithinLimit(db, batch),
      );
      return writeWithinLimit({ ...input, ...limit });
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

type ContactLimit = { key: string; max: number; windowMs: number };
type LimitedMessage = ContactMessage & ContactLimit;
type WithinLimit = { id: number | null; count: RateLimitCount };

const batchStatements = new WeakMap<Executor, ReturnType<typeof prepareBatchWithinLimit>>();

/**
 * Writes a batch of form messages in one statement and, once committed, announces the stored
 * ones (messages and deliveries) in one round trip.
 */
async function writeBatchWithinLimit(
  db: Executor,
  batch: LimitedMessage[],
): Promise<WithinLimit[]> {
  let statement = batchStatements.get(db);
  if (!statement) {
    statement = prepareBatchWithinLimit(db);
    batchStatements.set(db, statement);
  }
  const rows = await statement.execute({
    batch: JSON.stringify(
      batch.map((message, ord) => ({
        ord,
        key: message.key,
        max_hits: message.max,
        window_ms: message.windowMs,
        name: message.name,
        email: message.email,
        subject: message.subject,
        message: message.message,
      })),
    ),
  });
  if (rows.length !== batch.length) {
    throw new Error(`the contact batch of ${batch.length} returned ${rows.length} rows`);
  }
  const stored = rows.flatMap((row): Change[] =>
    row.id !== null && row.queuedId !== null
      ? [
          { table: 'contact_messages', op: 'insert', id: row.id },
          { table: 'outbox', op: 'insert', id: row.queuedId, due: true },
        ]
      : [],
  );
  // Stored either way: a lost announcement only delays the delivery until the worker's next
  // poll (a second) and the inbox until its next refresh, so it never fails the request (the
  // availability monitor still sees a failed query). Nor does the request wait for it: the
  // answer needs only the commit, and the batch's slot is free a round trip sooner
  // (decision 036).
  void notifyChanges(db, stored).catch(() => {});
  return rows.map((row) => ({ id: row.id, count: { hits: row.hits, resetAt: row.resetAt } }));
}

/**
 * The batched write's statement, built and named once: the form's hot path then skips
 * drizzle's query building and Postgres re-planning it. The batch arrives as one JSON array
 * (ord, key, max_hits, window_ms and the fields); each key's hits count together
 * (rate-limits' countHitsOf), and a message's own count is its place among its key's hits in
 * this batch, so a batch of six from one address stores the five the limit allows, as six
 * separate requests would. The message ids are drawn first, in the calls' order, so each
 * result row finds its message and delivery. The trigger's announcements wait for the commit
 * (decision 034).
 */
function prepareBatchWithinLimit(db: Executor) {
  const input = db
    .$with('input', {
      ord: sql<number>`ord`.as('ord'),
      key: sql<string>`key`.as('key'),
    })
    .as(
      sql`select * from json_to_recordset(${sql.placeholder('batch')}::json) as input(
        ord int, key text, max_hits int, window_ms int,
        name text, email text, subject text, message text)`,
    );
  const counted = db
    .$with('counted', { key: sql<string>`key`.as('key'), n: sql<number>`n`.as('n') })
    .as(
      sql`select key, count(*)::int as n, min(window_ms) as window_ms from ${input} group by key`,
    );
  const hit = countHitsOf(db, counted);
  const numbered = db
    .$with('numbered', {
      ord: sql<number>`ord`.as('ord'),
      hits: sql<number>`hits`.as('hits'),
      resetAt: sql<Date>`reset_at`.as('reset_at'),
    })
    .as(
      sql`select input.*, hit.reset_at,
          hit.hits - counted.n + row_number() over (partition by input.key order by input.ord) as hits
        from ${input} join ${counted} using (key) join ${hit} using (key)`,
    );
  const inserted = [
    contactMessages.id,
    contactMessages.name,
    contactMessages.email,
    contactMessages.subject,
    contactMessages.message,
  ].map((column) => sql.identifier(column.name));
  const allowed = db
    .$with('allowed', { ord: sql<number>`ord`.as('ord'), id: sql<number>`id`.as('id') })
    .as(
      sql`select ord, nextval(pg_get_serial_sequence(${getTableName(contactMessages)}, ${contactMessages.id.name}))::int as id,
          name, email, subject, message
        from (select * from ${numbered} where hits <= max_hits order by ord) as arrived`,
    );
  const message = db.$with('message', { id: sql<number>`id`.as('id') }).as(
    sql`insert into ${contactMessages} (${sql.join(inserted, sql`, `)})
        select id, name, email, subject, message from ${allowed} order by ord
        returning ${sql.identifier(contactMessages.id.name)}`,
  );
  const queued = enqueueDeliveriesOf(db, 'contact_message', message);
  const deferred = db
    .$with('deferred', { deferred: sql<string>`deferred`.as('deferred') })
    .as(ANNOUNCE_AFTER_COMMIT);
  return (
    db
      .with(input, counted, hit, numbered, deferred, allowed, message, queued)
      // Raw CTE columns render unqualified: each is named by its CTE.
      .select({
        hits: sql<number>`${numbered}.hits`.mapWith(Number),
        resetAt: sql<Date>`${numbered}.reset_at`.mapWith(rateLimits.resetAt),
        id: sql<number | null>`${allowed}.id`.mapWith(Number),
        queuedId: sql<number | null>`${queued}.id`.mapWith(Number),
      })
      .from(numbered)
      .innerJoin(deferred, sql`true`)
      .leftJoin(allowed, sql`${allowed}.ord = ${numbered}.ord`)
      .leftJoin(queued, sql`${queued}.ref_id = ${allowed}.id`)
      .orderBy(sql`${numbered}.ord`)
      .prepare('contact_within_limit_batch')
  );
}
