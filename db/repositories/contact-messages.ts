import { desc, eq, lt } from 'drizzle-orm';
import type { ContactMessage } from '../../core/contact/schema';
import type { Database } from '../client';
import { contactMessages } from '../schema';
import { enqueueDelivery } from './outbox';

export type StoredContactMessage = ContactMessage & { id: number; createdAt: Date };

const columns = {
  id: contactMessages.id,
  name: contactMessages.name,
  email: contactMessages.email,
  subject: contactMessages.subject,
  message: contactMessages.message,
  createdAt: contactMessages.createdAt,
};

export const CONTACT_LIST_MAX = 100;

export function createContactMessagesRepository(db: Database) {
  return {
    /** Stores the message and its delivery to Discord together, or neither. */
    async create(input: ContactMessage): Promise<{ id: number }> {
      return db.transaction(async (tx) => {
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
        await enqueueDelivery(tx as unknown as Database, 'contact_message', row.id);
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

    /** Newest first, for the dashboard; `before` is the last id of the previous page. */
    async list({ limit, before }: { limit: number; before?: number }) {
      return db
        .select(columns)
        .from(contactMessages)
        .where(before === undefined ? undefined : lt(contactMessages.id, before))
        .orderBy(desc(contactMessages.id))
        .limit(Math.min(Math.max(1, Math.trunc(limit)), CONTACT_LIST_MAX));
    },
  };
}

export type ContactMessagesRepository = ReturnType<typeof createContactMessagesRepository>;
