import { z } from 'zod';
import type { OrderRefundView } from '../payments/refund';
import { FacetParamSchema, ListQuerySchema } from '../shared/list-page';
import { SnowflakeSchema } from './options';
import { ORDER_STATUSES, type OrderStatusSchema } from './order-status';

// The dashboard's orders list (`GET /api/staff/orders`): its query, shared by the route and
// the page, and the row it answers.

/** Sortable columns: created, updated, price, status, the order id and the customer's Roblox name. */
export const ORDER_SORTS = ['created', 'updated', 'price', 'status', 'id', 'customer'] as const;
export const OrderSortSchema = z.enum(ORDER_SORTS, {
  error: `Sort must be one of ${ORDER_SORTS.join(', ')}`,
});
export type OrderSort = z.infer<typeof OrderSortSchema>;

/**
 * What quality control made of the order: `none` (never submitted), `pending` (submitted,
 * not reviewed yet), `passed`, `changes_requested`.
 */
export const QC_OUTCOMES = ['none', 'pending', 'passed', 'changes_requested'] as const;
export const QcOutcomeSchema = z.enum(QC_OUTCOMES, {
  error: `QC must be one of ${QC_OUTCOMES.join(', ')}`,
});
export type QcOutcome = z.infer<typeof QcOutcomeSchema>;

const StatusValueSchema = z.enum(ORDER_STATUSES, {
  error: `Status must be one of ${ORDER_STATUSES.join(', ')}`,
});
const PaidValueSchema = z.enum(['true', 'false'], { error: 'Paid must be true or false' });
const DesignerValueSchema = z
  .string()
  .regex(/^\d{17,20}$/, { error: 'Designer must be a Discord id' });
/** A ticket's service key, or `none` for an order made without a ticket. */
const ServiceValueSchema = z
  .string()
  .regex(/^(?:(?:service|plan):[a-z0-9-]{1,40}|none)$/, { error: 'Not a service' });

/** The orders list's facets, by the id the query and the answer name them. */
export const ORDER_FACETS = ['status', 'designer', 'service', 'qc', 'paid'] as const;

const fromNotAfterTo = (filters: { from?: string; to?: string }) =>
  !filters.from || !filters.to || filters.from <= filters.to;

/**
 * `GET /api/staff/orders` (core/shared/list-page.ts): `q` finds an order id (or its start), a
 * customer's Roblox name (its start, any case), a customer's or designer's Discord id, or a
 * designer's or customer's Discord name (its start); dates are the order's creation.
 */
export const OrderListQuerySchema = ListQuerySchema(OrderSortSchema, 'created')
  .extend({
    status: FacetParamSchema(StatusValueSchema).optional(),
    designer: FacetParamSchema(DesignerValueSchema).optional(),
    service: FacetParamSchema(ServiceValueSchema).optional(),
    qc: FacetParamSchema(QcOutcomeSchema).optional(),
    paid: FacetParamSchema(PaidValueSchema).optional(),
  })
  .refine(fromNotAfterTo, { error: 'From must not be after to', path: ['from'] });
export type OrderListQuery = z.output<typeof OrderListQuerySchema>;

export type OrderSummary = {
  id: string;
  status: z.infer<typeof OrderStatusSchema>;
  priceRobux: number;
  customerRobloxUsername: string;
  customerDiscordId: string | null;
  designerDiscordId: string;
  /** As the studio server names them (the people table); null when never seen: show the id. */
  designerName: string | null;
  /** The customer's Discord name, when the order names a customer who was seen. */
  customerName: string | null;
  qc: QcOutcome;
  qcAttempts: number;
  paidAt: Date | string | null;
  deliveredAt: Date | string | null;
  loggedAt: Date | string | null;
  designerShareRobux: number | null;
  createdAt: Date | string;
  updatedAt: Date | string;
};

export type OrderTimelineEvent = {
  id: number;
  type: string;
  actorDiscordId: string;
  /** The actor's name (the people table, else their staff sign-in); null when never seen. */
  actorName: string | null;
  /** What happened, in words (describeOrderEvent). */
  summary: string;
  data: Record<string, unknown>;
  createdAt: Date | string;
};

export type OrderDetail = OrderSummary & {
  ticketChannelId: string;
  workFileUrl: string | null;
  qcChangesReason: string | null;
  review: { rating: number; comment: string; publish: boolean; hidden: boolean } | null;
  payout: { id: number; paidAt: Date | string; paidByName: string; shareRobux: number } | null;
  events: OrderTimelineEvent[];
  /** The ticket the order was made in, when the caller may open it (its number). */
  ticketNumber: number | null;
  /** How it was paid (the game pass check, Stripe); null when a verifier pressed Verify. */
  paidWith: 'robux' | 'card' | null;
  /** The executives' refund, when there is one. */
  refund: OrderRefundView | null;
};

/**
 * How the dashboard names an order's customer: their Discord name (their id when never seen)
 * with the Roblox account they pay from; the Roblox name alone when no account is recorded.
 */
export function customerLabel(order: {
  customerDiscordId: string | null;
  customerName: string | null;
  customerRobloxUsername: string;
}): string {
  if (!order.customerDiscordId) return order.customerRobloxUsername;
  const name = order.customerName ?? order.customerDiscordId;
  return `${name} (Roblox: ${order.customerRobloxUsername})`;
}

/** Used by SnowflakeSchema-looking customers: a Discord id, else a Roblox username. */
export const isDiscordId = (value: string) => SnowflakeSchema.safeParse(value).success;
