import { z } from 'zod';
import { groupThousands } from '../shared/numbers';

/**
 * Every change to an order is recorded as one of these (DESIGN.md: "Every state change is an
 * event row"), so the dashboard can draw each order's timeline. They map onto the
 * `order_events` table: `type`, `actor_discord_id`, `data` (jsonb), `created_at` (= `at`).
 */

const change = <T extends z.ZodType>(value: T) => z.object({ from: value, to: value });

export const ORDER_EVENT_DATA = {
  order_created: z.object({
    priceRobux: z.number().int(),
    robloxUsername: z.string(),
    customerDiscordId: z.string().nullable(),
    designerDiscordId: z.string(),
    ticketChannelId: z.string(),
  }),
  /** /createpayment again while unpaid; only the fields that changed. */
  order_updated: z.object({
    changes: z.object({
      priceRobux: change(z.number().int()).optional(),
      robloxUsername: change(z.string()).optional(),
      customerDiscordId: change(z.string().nullable()).optional(),
    }),
  }),
  /** `cardAmount` ("$15.00") when it was paid by card (Stripe), for the receipt. */
  payment_verified: z.object({ cardAmount: z.string().optional() }),
  qc_submitted: z.object({ attempt: z.number().int(), fileUrl: z.string().nullable() }),
  qc_approved: z.object({ attempt: z.number().int() }),
  qc_changes_requested: z.object({ attempt: z.number().int(), reason: z.string() }),
  /**
   * `route` is where the work goes first: the customer's DMs, or the ticket when none is
   * known. `withoutQc`: delivered without quality control, confirmed from /orderlog (80%).
   */
  delivered: z.object({
    route: z.enum(['dm', 'ticket_channel']),
    fileUrl: z.string().nullable(),
    withoutQc: z.boolean().optional(),
  }),
  /** The bot records this when the DM could not be sent and the ticket channel got the work. */
  delivery_fell_back: z.object({ reason: z.enum(['dms_closed']) }),
  order_logged: z.object({
    priceRobux: z.number().int(),
    qcPassed: z.boolean(),
    sharePercent: z.number().int(),
    designerShareRobux: z.number().int(),
    /**
     * Whether the bot delivered the order first. Always true since decision 043 (an order is
     * logged only once delivered); false on orders logged earlier straight from paid or QC.
     */
    deliveredByBot: z.boolean(),
  }),
  reviewed: z.object({ rating: z.number().int(), publish: z.boolean() }),
  review_hidden: z.object({}),
  review_shown: z.object({}),
  /**
   * An executive refunded the order (or Stripe reported a refund made in its dashboard):
   * `card` through Stripe, `robux` made by hand in Roblox. `byName` as the timeline names them.
   */
  payment_refunded: z.object({
    method: z.enum(['card', 'robux']),
    reason: z.string(),
    byName: z.string().nullable(),
  }),
} as const;

export type OrderEventType = keyof typeof ORDER_EVENT_DATA;
export const ORDER_EVENT_TYPES = Object.keys(ORDER_EVENT_DATA) as OrderEventType[];

const eventSchema = <K extends OrderEventType>(type: K) =>
  z.object({
    orderId: z.string(),
    type: z.literal(type),
    actorDiscordId: z.string(),
    // Dates arrive as ISO strings when the dashboard reads events over HTTP.
    at: z.coerce.date(),
    data: ORDER_EVENT_DATA[type],
  });

export const OrderEventSchema = z.discriminatedUnion('type', [
  eventSchema('order_created'),
  eventSchema('order_updated'),
  eventSchema('payment_verified'),
  eventSchema('qc_submitted'),
  eventSchema('qc_approved'),
  eventSchema('qc_changes_requested'),
  eventSchema('delivered'),
  eventSchema('delivery_fell_back'),
  eventSchema('order_logged'),
  eventSchema('reviewed'),
  eventSchema('review_hidden'),
  eventSchema('review_shown'),
  eventSchema('payment_refunded'),
]);

export type OrderEvent = z.infer<typeof OrderEventSchema>;
export type OrderEventOf<K extends OrderEventType> = Extract<OrderEvent, { type: K }>;

const CHANGE_LABELS = {
  priceRobux: 'price',
  robloxUsername: 'Roblox username',
  customerDiscordId: 'customer',
} as const;

/** One line of an order's timeline; user ids render as mentions in Discord, as ids elsewhere. */
export function describeOrderEvent(event: OrderEvent): string {
  switch (event.type) {
    case 'order_created':
      return `Order created: ${groupThousands(event.data.priceRobux)} R$ from ${event.data.robloxUsername}`;
    case 'order_updated':
      return `Payment details changed: ${
        Object.keys(event.data.changes)
          .map((key) => CHANGE_LABELS[key as keyof typeof CHANGE_LABELS])
          .join(', ') || 'nothing'
      }`;
    case 'payment_verified':
      return event.data.cardAmount
        ? `Payment verified: ${event.data.cardAmount} by card`
        : 'Payment verified';
    case 'qc_submitted':
      return `Submitted for quality control (attempt ${event.data.attempt})`;
    case 'qc_approved':
      return `QC approved (attempt ${event.data.attempt})`;
    case 'qc_changes_requested':
      return `QC changes requested (attempt ${event.data.attempt}): ${event.data.reason}`;
    case 'delivered': {
      const how = event.data.withoutQc ? ' without quality control' : '';
      return event.data.route === 'dm'
        ? `Delivered${how} to the customer by direct message`
        : `Delivered${how} in the ticket channel (no customer recorded)`;
    }
    case 'delivery_fell_back':
      return "Customer's DMs are closed: delivered in the ticket channel instead";
    case 'order_logged':
      return `Logged: designer's share ${groupThousands(event.data.designerShareRobux)} R$ (${event.data.sharePercent}%)`;
    case 'reviewed':
      return `Reviewed: ${event.data.rating}/5${event.data.publish ? ', may be published' : ''}`;
    case 'review_hidden':
      return 'Review hidden from the website';
    case 'review_shown':
      return 'Review shown on the website again';
    case 'payment_refunded':
      return `Refunded by ${event.data.byName ?? 'an executive'} (${event.data.method === 'card' ? 'card, through Stripe' : 'Robux, by hand in Roblox'}): ${event.data.reason}`;
  }
}

/**
 * The bot appends this after a 'delivered' order's DM failed because the customer's DMs are
 * closed and the work went to the ticket channel instead (`buildDeliveryInTicket`).
 */
export function buildDeliveryFellBackEvent(
  orderId: string,
  actorDiscordId: string,
  at: Date,
): OrderEventOf<'delivery_fell_back'> {
  return {
    orderId,
    type: 'delivery_fell_back',
    actorDiscordId,
    at,
    data: { reason: 'dms_closed' },
  };
}
