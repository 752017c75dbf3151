import type { Database } from '../client';
import { outbox } from '../schema';

export type OutboxKind = (typeof outbox.kind.enumValues)[number];

/**
 * Queues a delivery to Discord. Call it with the transaction that writes the row it
 * describes, so the row and its delivery are stored together or not at all.
 */
export async function enqueueDelivery(
  tx: Database,
  kind: OutboxKind,
  refId: number,
): Promise<number> {
  const [row] = await tx.insert(outbox).values({ kind, refId }).returning({ id: outbox.id });
  if (!row) throw new Error(`outbox insert returned nothing for ${kind} ${refId}`);
  return row.id;
}
