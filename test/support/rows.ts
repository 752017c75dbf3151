import { count } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { applicationImages, applications, outbox, type tickets } from '../../db/schema';

/** How many rows `table` holds. */
export async function countRows(db: Executor, table: PgTable): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table);
  return row?.n ?? 0;
}

/** What an application submission writes: the application, its images and its outbox row. */
export async function countApplicationRows(db: Executor) {
  const [applicationRows, images, outboxRows] = await Promise.all([
    countRows(db, applications),
    countRows(db, applicationImages),
    countRows(db, outbox),
  ]);
  return { applications: applicationRows, images, outbox: outboxRows };
}

type TicketRow = typeof tickets.$inferInsert;

/**
 * Tickets written straight to the table, numbered from `first`: a ticket's number comes from
 * the counter only through requestTicket (db/repositories/ticket-requests.ts).
 */
export function numberedTickets(rows: Omit<TicketRow, 'id'>[], first = 9001): TicketRow[] {
  return rows.map((row, index) => ({ id: first + index, ...row }));
}

/** A live Discord ticket for a livery, as a test seeds it: `change` says what differs. */
export function ticketRow(
  customerDiscordId: string,
  change: Partial<Omit<TicketRow, 'id'>> = {},
): Omit<TicketRow, 'id'> {
  return {
    source: 'discord',
    customerDiscordId,
    serviceKey: 'liveries',
    serviceLabel: 'Liveries',
    request: 'A livery',
    budgetRobux: 500,
    deadline: 'Friday',
    robloxUsername: 'customer',
    ...change,
  };
}
