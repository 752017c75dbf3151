import type { Config } from '../../core/config';
import { type Actor, buildPaymentVerifiedNotice } from '../../core/orders';
import type { Executor } from '../client';
import { paymentEmbedEdit } from '../payment-embed';
import { createCardPaymentsRepository } from './card-payments';
import { createOrdersRepository } from './orders';
import { createPaymentsRepository } from './payments';

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
  const card = await createCardPaymentsRepository(db).findCardPayment(orderId);
  const result = await createOrdersRepository(db).applyOrderCommand(
    { type: 'verifyPayment', orderId },
    actor,
    at,
    (next) => [
      { target: { channelId: next.ticketChannelId }, payload: buildPaymentVerifiedNotice(next) },
      ...(editEmbed ? paymentEmbedEdit(next, robux, card, config) : []),
    ],
    robux ? (tx) => payments.recordPaid(orderId, at, tx) : undefined,
  );
  return { result, method: robux ? ('robux' as const) : ('unrecorded' as const) };
}
