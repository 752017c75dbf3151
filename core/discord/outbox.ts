import { z } from 'zod';

// The outbox's vocabulary (DESIGN.md "Delivery to Discord"); the database's `outbox_kind` and
// `outbox_status` enums are built from these lists.

/**
 * What a delivery announces: the row it describes is of this kind. `application_decision`
 * (ref: the application) tells the applicant the decision by DM; `application_decision_edit`
 * edits the application's posted message to show the decision (made with its buttons or on
 * the dashboard). `ticket_open` and `ticket_close` (ref: the ticket event that asked) make and
 * archive a ticket's channel (bot/tickets/jobs.ts); `ticket_claim` (ref: the reassign or unclaim
 * event) shows who has the ticket on its intake and announces a reassigned designer.
 */
export const OUTBOX_KINDS = [
  'application',
  'contact_message',
  'order_message',
  'application_decision',
  'application_decision_edit',
  'ticket_open',
  'ticket_close',
  'ticket_claim',
] as const;
export const OutboxKindSchema = z.enum(OUTBOX_KINDS);
export type OutboxKind = z.infer<typeof OutboxKindSchema>;

export const OUTBOX_STATUSES = ['pending', 'delivered', 'failed'] as const;
export const OutboxStatusSchema = z.enum(OUTBOX_STATUSES);
export type OutboxStatus = z.infer<typeof OutboxStatusSchema>;
