import { ORDER_STATUS_LABELS, type OrderStatus } from '../../../../core/orders/order-status';
import { PAYMENT_STATE_LABELS } from '../../../../core/payments/staff-list';
import { TICKET_REPLY_LABELS } from '../../../../core/tickets/replies';
import { TICKET_STATUS_LABELS, type TicketStatus } from '../../../../core/tickets/ticket-status';

// One label per status, wherever it shows (a list's badge, a filter, the Overview's counts):
// the labels core gives orders and tickets, and the dashboard's own for the rest.

const APPLICATION_STATUS_LABELS = {
  pending: 'Pending',
  accepted: 'Accepted',
  rejected: 'Rejected',
};
const QC_LABELS = {
  none: 'Not submitted',
  pending: 'Waiting for review',
  passed: 'Passed',
  changes_requested: 'Changes requested',
};
const DELIVERY_STATUS_LABELS = { pending: 'Waiting', delivered: 'Delivered', failed: 'Failed' };
const MESSAGE_STATUS_LABELS = { open: 'Open', handled: 'Handled' };
const PAYOUT_STATUS_LABELS = { unpaid: 'Unpaid', part_paid: 'Part paid', paid: 'Paid' };

const LABELS = {
  order: ORDER_STATUS_LABELS as Record<OrderStatus, string>,
  ticket: TICKET_STATUS_LABELS as Record<TicketStatus, string>,
  application: APPLICATION_STATUS_LABELS,
  qc: QC_LABELS,
  delivery: DELIVERY_STATUS_LABELS,
  /** Who wrote last in a ticket's channel. */
  reply: TICKET_REPLY_LABELS,
  payment: PAYMENT_STATE_LABELS,
  message: MESSAGE_STATUS_LABELS,
  payout: PAYOUT_STATUS_LABELS,
} satisfies Record<string, Record<string, string>>;

export type StatusKind = keyof typeof LABELS;

/** The status's label; an unknown value (a newer server) is shown as words, capitalised once. */
export function statusLabel(kind: StatusKind, value: string): string {
  const known = (LABELS[kind] as Record<string, string>)[value];
  if (known) return known;
  const words = value.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Every value of a kind with its label, in order: a filter's choices. */
export function statusOptions(kind: StatusKind): { value: string; label: string }[] {
  return Object.entries(LABELS[kind]).map(([value, label]) => ({ value, label }));
}
