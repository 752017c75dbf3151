import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { staffUsers } from './staff';

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
    // Marked handled in the dashboard: when and by whom (null: still open).
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledByStaffId: integer('handled_by_staff_id').references(() => staffUsers.id, {
      onDelete: 'set null',
    }),
  },
  (table) => [index('contact_messages_created_idx').on(table.createdAt.desc())],
);
