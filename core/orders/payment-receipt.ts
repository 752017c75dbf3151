import { toDay } from '../shared/day';
import { formatLongDate } from '../shared/long-date';
import { formatRobux } from '../site/pricing';
import type { OrderState } from './order';
import {
  allowMentions,
  ORDER_COLORS,
  type OrderMessagePayload,
  withinLimits,
} from './order-message';
import { priceForNet } from './tax';

/** How a receipt names the way the order was paid. */
export type ReceiptMethod = { kind: 'robux' } | { kind: 'card'; amount: string };

/**
 * The customer's receipt, by DM, once their order is paid (whoever or whatever verified it):
 * the amount, the method, the order and the date. Queued in the transaction that paid the
 * order, so two paths racing send one receipt.
 */
export function buildPaymentReceipt(
  order: OrderState,
  method: ReceiptMethod = { kind: 'robux' },
): OrderMessagePayload {
  const paidAt = order.paidAt ?? new Date();
  const amount =
    method.kind === 'card' ? method.amount : formatRobux(priceForNet(order.priceRobux));
  return withinLimits({
    content: `Thank you! Your payment for order ${order.id} is confirmed. Keep this message as your receipt.`,
    embeds: [
      {
        title: `Receipt for order ${order.id}`,
        color: ORDER_COLORS.success,
        timestamp: paidAt.toISOString(),
        fields: [
          { name: 'Amount', value: amount, inline: true },
          { name: 'Method', value: method.kind === 'card' ? 'Card' : 'Robux', inline: true },
          { name: 'Order', value: order.id, inline: true },
          { name: 'Date', value: `${formatLongDate(toDay(paidAt))} (UTC)`, inline: true },
        ],
        footer: { text: `Order ${order.id}` },
      },
    ],
    components: [],
    allowed_mentions: allowMentions(),
  });
}
