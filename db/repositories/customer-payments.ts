import { and, eq, inArray } from 'drizzle-orm';
import { priceForNet } from '../../core/orders/tax';
import { gamePassUrl } from '../../core/payments/game-pass';
import type { CustomerPayment } from '../../core/tickets/customer-view';
import type { Executor } from '../client';
import { orderPayments, orders } from '../schema';

/**
 * What the customer's unpaid orders ask them to pay, by order id ("Your orders"): the Robux
 * amount with Roblox's fee, as /createpayment said it, and the game pass while it is on sale.
 * Paid orders are not in the map.
 */
export async function findCustomerPayments(
  db: Executor,
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
    })
    .from(orders)
    .leftJoin(orderPayments, eq(orderPayments.orderId, orders.id))
    .where(and(inArray(orders.id, [...orderIds]), eq(orders.status, 'awaiting_payment')));
  return new Map(
    rows.map((row) => [
      row.orderId,
      {
        amountRobux: row.passPrice ?? priceForNet(row.priceRobux),
        gamePassUrl: row.gamePassId && row.onSale ? gamePassUrl(row.gamePassId) : null,
        card: null,
      },
    ]),
  );
}
