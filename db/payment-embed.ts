import { type Config, publicUrl } from '../core/config';
import { buildPaymentMessage, type OrderState } from '../core/orders';
import { formatCardAmount } from '../core/payments';
import type { CardPaymentRow } from './repositories/card-payments';
import type { OrderMessage } from './repositories/orders';
import type { OrderPaymentRow } from './repositories/payments';

/**
 * The site's card checkout address for an order: it sends the customer on to the order's live
 * Stripe Checkout page, making a fresh one when the last expired (server/routes/payments).
 */
export function cardCheckoutUrl(config: Config, orderId: string): string {
  return `${publicUrl(config).replace(/\/+$/, '')}/api/payments/card/${encodeURIComponent(orderId)}/checkout`;
}

/** The payment embed's card option for an order with a card price, when Stripe is set up. */
export function cardOption(config: Config, card: CardPaymentRow | null) {
  if (!config.stripe || !card) return undefined;
  return {
    amountLabel: formatCardAmount(card.amount, card.currency),
    checkoutUrl: cardCheckoutUrl(config, card.orderId),
  };
}

/**
 * The ticket's payment embed rebuilt from the order as it now is, as an edit of the posted
 * message: the game pass's link once made, the card button, "verified" once paid. None
 * before the message is recorded.
 */
export function paymentEmbedEdit(
  order: OrderState,
  robux: OrderPaymentRow | null,
  card: CardPaymentRow | null,
  config: Config,
): OrderMessage[] {
  const channelId = card?.embedChannelId ?? robux?.embedChannelId;
  const messageId = card?.embedMessageId ?? robux?.embedMessageId;
  if (!channelId || !messageId) return [];
  const cardChoice = cardOption(config, card);
  return [
    {
      target: { channelId, editMessageId: messageId },
      payload: buildPaymentMessage(order, {
        verifiedElsewhere: Boolean(config.discord.channels.payments),
        ...(config.roblox && robux && { robux: { gamePassId: robux.gamePassId } }),
        ...(cardChoice && { card: cardChoice }),
      }),
    },
  ];
}
