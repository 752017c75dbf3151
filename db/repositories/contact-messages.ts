import { and, asc, eq, inArray, isNotNull, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type {
  ContactInboxItem,
  ContactMessage,
  StoredContactMessage,
} from '../../core/contact/schema';
import type { MessageListQuery } from '../../core/contact/staff-list';
import type { ListPage } from '../../core/shared/list-page';
import type { Executor, Transaction } from '../client';
import { contactMessages, staffUsers } from '../schema';
import { RETENTION_BATCH } from './applications';
import { inDays, inWindow, likePrefix, pageOfQuery, readListPage, toListPage } from './list-query';
import { deleteDeliveriesOf, enqueueDelivery } from './outbox';

const columns = {
  id: contactMessages.id,
  name: contactMessages.name,
  email: contactMessages.email,
  subject: contactMessages.subject,
  message: contactMessages.message,
  createdAt: contactMessages.createdAt,
};

const MESSAGE_SORT_COLUMN: Record<MessageListQuery['sort'], SQL> = {
  created: sql`${contactMessages.createdAt}`,
  name: sql`lower(${contactMessages.name})`,
  subject: sql`lower(${contactMessages.subject})`,
};

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

    /** One page of the dashboard's inbox, with the status facet's counts. */
    async list(query: MessageListQuery): Promise<ListPage<ContactInboxItem>> {
      const prefix = query.q ? likePrefix(query.q.toLowerCase()) : '';
      const words = query.q ? `%${query.q.replace(/[\\%_]/g, (char) => `\\${char}`)}%` : '';
      const request = {
        table: contactMessages,
        where: [
          query.q
            ? sql`(lower(${contactMessages.name}) like ${prefix} or lower(${contactMessages.email}) like ${prefix}
                or ${contactMessages.subject} ilike ${words} or ${contactMessages.message} ilike ${words})`
            : undefined,
          ...inDays(contactMessages.createdAt, query),
        ],
        facets: {
          status: {
            value: sql`case when ${contactMessages.handledAt} is null then 'open' else 'handled' end`,
            chosen: query.status,
            match: (chosen: readonly string[]) =>
              chosen.length === 2
                ? undefined
                : chosen[0] === 'open'
                  ? isNull(contactMessages.handledAt)
                  : isNotNull(contactMessages.handledAt),
          },
        },
      };
      const read = await readListPage(
        db,
        {
          ...request,
          ...pageOfQuery(query),
          sort: MESSAGE_SORT_COLUMN[query.sort],
          id: sql`${contactMessages.id}`,
        },
        (window) =>
          inWindow(
            db
              .select({
                ...columns,
                handledAt: contactMessages.handledAt,
                handledBy: staffUsers.username,
              })
              .from(contactMessages)
              .leftJoin(staffUsers, eq(staffUsers.id, contactMessages.handledByStaffId))
              .$dynamic(),
            window,
          ),
      );
      return toListPage(read, read.rows, query.size);
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
