import type { Config } from '../../core/config';
import { buildPaymentMessage, type OrderState } from '../../core/orders';
import type { OrderMessage } from '../../db/repositories/orders';
import type { OrderPaymentRow } from '../../db/repositories/payments';

/**
 * The ticket's payment embed rebuilt from the order as it now is, as an edit of the posted
 * message: the game pass's link once made, "verified" once paid. None before it is recorded.
 */
export function paymentEmbedEdit(
  order: OrderState,
  payment: OrderPaymentRow | null,
  config: Config,
): OrderMessage[] {
  if (!payment?.embedChannelId || !payment.embedMessageId) return [];
  return [
    {
      target: { channelId: payment.embedChannelId, editMessageId: payment.embedMessageId },
      payload: buildPaymentMessage(order, {
        verifiedElsewhere: Boolean(config.discord.channels.payments),
        ...(config.roblox && { robux: { gamePassId: payment.gamePassId } }),
      }),
    },
  ];
}
