import { z } from 'zod';
import type { OrderRefundView } from '../payments/refund';
import { DaySchema } from '../shared/day';
import { CursorSchema, PageQuerySchema } from '../shared/page';
import { SnowflakeSchema } from './options';
import { OrderStatusSchema } from './order-status';

// The dashboard's orders list (`GET /api/staff/orders`): its query, shared by the route and
// the page, and the row it answers.

export const ORDER_SORTS = ['created', 'price', 'status'] as const;
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

const BooleanParamSchema = z.enum(['true', 'false'], { error: 'Must be true or false' });

const ORDER_LIST_DEFAULT = 50;
export const ORDER_LIST_MAX = 100;

const cursorId = z.string().min(1).max(64);
const cursorDir = z.enum(['asc', 'desc']);

/**
 * The position after the previous page's last row: the sort and direction it was made for,
 * that row's sort value (created_at as full-precision ISO text) and its id.
 */
export const OrderCursorSchema = CursorSchema(
  z.discriminatedUnion('s', [
    z.object({
      s: z.literal('created'),
      d: cursorDir,
      v: z
        .string()
        .max(40)
        .refine((text) => !Number.isNaN(Date.parse(text))),
      id: cursorId,
    }),
    z.object({ s: z.literal('price'), d: cursorDir, v: z.number().int(), id: cursorId }),
    z.object({ s: z.literal('status'), d: cursorDir, v: OrderStatusSchema, id: cursorId }),
  ]),
);
export type OrderCursor = z.output<typeof OrderCursorSchema>;

const filterShape = {
  status: OrderStatusSchema.optional(),
  designer: SnowflakeSchema.optional(),
  /** The customer's Discord id, or their Roblox username (any case). */
  customer: z.string().trim().min(1).max(64, { error: 'Customer is too long' }).optional(),
  qc: QcOutcomeSchema.optional(),
  paid: BooleanParamSchema.transform((value) => value === 'true').optional(),
  /** Created on or after this day (UTC). */
  from: DaySchema.optional(),
  /** Created on or before this day (UTC). */
  to: DaySchema.optional(),
};

const fromNotAfterTo = (filters: { from?: string; to?: string }) =>
  !filters.from || !filters.to || filters.from <= filters.to;

export const OrderListFiltersSchema = z
  .object(filterShape)
  .refine(fromNotAfterTo, { error: 'From must not be after to', path: ['from'] });
export type OrderListFilters = z.output<typeof OrderListFiltersSchema>;

/** `GET /api/staff/orders`: filters, sort, direction and page, each checked (bad → 400). */
export const OrderListQuerySchema = z
  .object({
    ...filterShape,
    sort: OrderSortSchema.default('created'),
    order: z.enum(['asc', 'desc'], { error: 'Order must be asc or desc' }).default('desc'),
    ...PageQuerySchema(OrderCursorSchema, {
      defaultLimit: ORDER_LIST_DEFAULT,
      maxLimit: ORDER_LIST_MAX,
    }).shape,
  })
  .refine(fromNotAfterTo, { error: 'From must not be after to', path: ['from'] })
  // A cursor belongs to the sort it was made for.
  .refine(
    (query) => !query.cursor || (query.cursor.s === query.sort && query.cursor.d === query.order),
    {
      error: 'Cursor is not valid',
      path: ['cursor'],
    },
  );

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
