import { z } from 'zod';
import type { DatabaseHandle } from './client';

// What the `lunar_notify_change` trigger (migrations 0010, 0013) announces: a row of a table the
// dashboard shows or the outbox worker waits for changed, in a committed transaction. The
// payload names the row, never its contents; whoever cares reads the row itself.

export const CHANGES_CHANNEL = 'lunar_changes';

const CHANGE_TABLES = [
  'applications',
  'contact_messages',
  'orders',
  'order_events',
  'reviews',
  'payouts',
  'outbox',
  'tickets',
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
