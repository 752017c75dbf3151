import { z } from 'zod';

// The outbox's vocabulary (DESIGN.md "Delivery to Discord"); the database's `outbox_kind` and
// `outbox_status` enums are built from these lists.

/** What a delivery announces: the row it describes is of this kind. */
export const OUTBOX_KINDS = [
  'application',
  'contact_message',
  'order_message',
  // The application's posted message edited to show its decision (made on the dashboard).
  'application_decision',
] as const;
export const OutboxKindSchema = z.enum(OUTBOX_KINDS);
export type OutboxKind = z.infer<typeof OutboxKindSchema>;

export const OUTBOX_STATUSES = ['pending', 'delivered', 'failed'] as const;
export const OutboxStatusSchema = z.enum(OUTBOX_STATUSES);
export type OutboxStatus = z.infer<typeof OutboxStatusSchema>;
