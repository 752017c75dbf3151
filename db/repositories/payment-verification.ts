import type { Config } from '../../core/config';
import {
  type Actor,
  buildPaymentMessage,
  buildPaymentVerifiedNotice,
  type OrderState,
} from '../../core/orders';
import type { Executor } from '../client';
import { createOrdersRepository, type OrderMessage } from './orders';
import { createPaymentsRepository, type OrderPaymentRow } from './payments';

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

/**
 * A person verifies an order's payment (the Discord button, the dashboard's Verify): the
 * order state machine's `verifyPayment`, under the order's row lock, so a verifier and the
 * automatic check at the same moment make one transition and the later one is refused in
 * words. The ticket is told; the embed is edited unless the caller edits the message pressed.
 */
export async function verifyPaymentByPerson(
  db: Executor,
  config: Config,
  {
    orderId,
    actor,
    at,
    editEmbed,
  }: { orderId: string; actor: Actor; at: Date; editEmbed: boolean },
) {
  const payments = createPaymentsRepository(db);
  const robux = await payments.findPayment(orderId);
  const result = await createOrdersRepository(db).applyOrderCommand(
    { type: 'verifyPayment', orderId },
    actor,
    at,
    (next) => [
      { target: { channelId: next.ticketChannelId }, payload: buildPaymentVerifiedNotice(next) },
      ...(editEmbed ? paymentEmbedEdit(next, robux, config) : []),
    ],
    robux ? (tx) => payments.recordPaid(orderId, at, tx) : undefined,
  );
  return { result, method: robux ? ('robux' as const) : ('unrecorded' as const) };
}
