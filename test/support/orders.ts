import type { Executor } from '../../db/client';
import { orderEvents, orders } from '../../db/schema';

export type OrderRowInput = Partial<typeof orders.$inferInsert> & { id: string };

let nextChannel = 900_000_000_000_000_000n;

/**
 * An order row straight in the table (the state machine is the bot's tests' business): by
 * default an unpaid order of `designer`, created now.
 */
export async function insertOrder(db: Executor, input: OrderRowInput) {
  const [row] = await db
    .insert(orders)
    .values({
      priceRobux: 100,
      customerRobloxUsername: 'Customer',
      designerDiscordId: '100000000000000001',
      ticketChannelId: String(nextChannel++),
      ...input,
    })
    .returning();
  if (!row) throw new Error('order insert returned nothing');
  return row;
}

/** A logged order: paid, QC passed or not, with the share the order log stored. */
export function loggedOrder(
  id: string,
  designer: string,
  loggedAt: string,
  {
    price = 1000,
    qcPassed = true,
    share,
  }: { price?: number; qcPassed?: boolean; share?: number } = {},
): OrderRowInput {
  const at = new Date(loggedAt);
  return {
    id,
    designerDiscordId: designer,
    status: 'logged',
    priceRobux: price,
    paidAt: at,
    qcAttempts: qcPassed ? 1 : 0,
    qcReviewedBy: qcPassed ? '100000000000000099' : null,
    deliveredAt: at,
    loggedAt: at,
    designerShareRobux: share ?? Math.floor((price * (qcPassed ? 90 : 80)) / 100),
    createdAt: at,
    updatedAt: at,
  };
}

export async function insertOrderEvent(
  db: Executor,
  orderId: string,
  type: string,
  at: Date,
  data: Record<string, unknown> = {},
) {
  await db
    .insert(orderEvents)
    .values({ orderId, type, actorDiscordId: '100000000000000099', data, createdAt: at });
}
