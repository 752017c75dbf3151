import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DatabaseHandle, Executor } from './client';

// What the `lunar_notify_change` trigger (migrations 0010, 0013) announces: a row of a table the
// dashboard shows or the outbox worker waits for changed, in a committed transaction. The
// payload names the row, never its contents; whoever cares reads the row itself.

export const CHANGES_CHANNEL = 'lunar_changes';

export const CHANGE_TABLES = [
  'applications',
  'contact_messages',
  'orders',
  'order_events',
  'reviews',
  'payouts',
  'outbox',
] as const;

export const ChangeSchema = z.object({
  table: z.enum(CHANGE_TABLES),
  op: z.enum(['insert', 'update']),
  /** The row's id; for order_events and reviews, the order's. */
  id: z.union([z.string(), z.number()]),
  /** Orders, their events and reviews, payouts: the designer's Discord id. */
  designer: z.string().nullish(),
  status: z.string().optional(),
  /** Outbox rows: whether the worker has something to send now. */
  due: z.boolean().optional(),
});
export type Change = z.infer<typeof ChangeSchema>;

export function parseChange(payload: string): Change | null {
  try {
    const parsed = ChangeSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Calls `onChange` for every change any process commits; resolves to the function that stops. */
export function listenForChanges(
  database: Pick<DatabaseHandle, 'listen'>,
  onChange: (change: Change) => void,
): Promise<() => Promise<void>> {
  return database.listen(CHANGES_CHANNEL, (payload) => {
    const change = parseChange(payload);
    if (change) onChange(change);
  });
}

/**
 * In a statement (as a CTE's body), tells the trigger not to announce this transaction's
 * changes: the caller sends them with `notifyChanges` once committed. A NOTIFY inside the
 * transaction would hold Postgres' cluster-wide notify lock through the commit's disk flush,
 * so such commits queue one behind the other (migration 0013); a hot write path opts out.
 */
export const ANNOUNCE_AFTER_COMMIT = sql`select set_config('lunar.notify_after_commit', 'on', true) as deferred`;

/**
 * Announces committed changes, as the trigger would have, in their order (the function scan
 * yields the array's elements in order, and pg_notify runs once per row); one round trip, no
 * commit to wait for. One statement text whatever the count (the payloads go as one JSON
 * array): a text per count would be a new prepared statement, and a describe round trip, for
 * each batch size on each pooled connection.
 */
export async function notifyChanges(db: Executor, changes: Change[]): Promise<void> {
  if (changes.length === 0) return;
  const payloads = JSON.stringify(changes.map((change) => JSON.stringify(change)));
  await db.execute(
    sql`select pg_notify(${CHANGES_CHANNEL}, payload) from jsonb_array_elements_text(${payloads}::jsonb) as payload`,
  );
}
