import { and, eq, inArray } from 'drizzle-orm';
import type { Config } from '../../core/config';
import { priceForNet } from '../../core/orders/tax';
import { formatCardAmount } from '../../core/payments/card';
import { gamePassUrl } from '../../core/payments/game-pass';
import type { CustomerPayment } from '../../core/tickets/customer-view';
import type { Executor } from '../client';
import { cardCheckoutUrl } from '../payment-embed';
import { orderCardPayments, orderPayments, orders } from '../schema';

/**
 * What the customer's unpaid orders ask them to pay, by order id ("Your orders"): the Robux
 * amount with Roblox's fee, as /createpayment said it, the game pass while it is on sale, and
 * with Stripe set up the card checkout of an order with a card price (the site's link, which
 * always leads to a payable session, and the amount). Paid orders are not in the map.
 */
export async function findCustomerPayments(
  db: Executor,
  config: Config,
  orderIds: readonly string[],
): Promise<Map<string, CustomerPayment>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({
      orderId: orders.id,
      priceRobux: orders.priceRobux,
      passPrice: orderPayments.passPrice,
      gamePassId: orderPayments.gamePassId,
      onSale: orderPayments.passOnSale,
      cardAmount: orderCardPayments.amount,
      cardCurrency: orderCardPayments.currency,
    })
    .from(orders)
    .leftJoin(orderPayments, eq(orderPayments.orderId, orders.id))
    .leftJoin(orderCardPayments, eq(orderCardPayments.orderId, orders.id))
    .where(and(inArray(orders.id, [...orderIds]), eq(orders.status, 'awaiting_payment')));
  return new Map(
    rows.map((row) => [
      row.orderId,
      {
        amountRobux: row.passPrice ?? priceForNet(row.priceRobux),
        gamePassUrl: row.gamePassId && row.onSale ? gamePassUrl(row.gamePassId) : null,
        card:
          config.stripe && row.cardAmount !== null && row.cardCurrency !== null
            ? {
                url: cardCheckoutUrl(config, row.orderId),
                amount: formatCardAmount(row.cardAmount, row.cardCurrency),
              }
            : null,
      },
    ]),
  );
}
