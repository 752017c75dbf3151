import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lt } from 'drizzle-orm';
import { z } from 'zod';
import type {
  ContactInboxItem,
  ContactMessage,
  StoredContactMessage,
} from '../../core/contact/schema';
import { CursorSchema, encodeCursor, KeysetIdSchema, type Page } from '../../core/shared/page';
import type { Executor, Transaction } from '../client';
import { contactMessages, staffUsers } from '../schema';
import { RETENTION_BATCH } from './applications';
import { deleteDeliveriesOf, enqueueDelivery } from './outbox';

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
type ContactMessageCursor = z.output<typeof ContactMessageCursorSchema>;

export function createContactMessagesRepository(db: Executor) {
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
