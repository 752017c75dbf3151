import {
  buildPaymentMessage,
  buildPaymentVerificationRequest,
  buildPaymentVerifiedNotice,
  parseOrderCustomId,
} from '../../core/orders';
import { createOrdersRepository } from '../../db/repositories/orders';
import type { ButtonModule } from '../modules';
import { actorOf, ephemeral, toMessageOptions } from '../orders/order-interaction';

/**
 * 'Verify payment' under the payments channel's request (or, without that channel, under the
 * ticket's payment embed): moves the order to paid, with who and when, and tells the ticket.
 */
export const verifyPaymentButton: ButtonModule = {
  customIdPrefix: 'order:verify_payment',
  access: { roles: ['payment_verifier', 'executive'] },
  async execute(interaction, { config, db }) {
    const parsed = parseOrderCustomId(interaction.customId);
    if (!parsed) throw new Error(`bad custom id ${interaction.customId}`);
    await interaction.deferUpdate();
    const result = await createOrdersRepository(db).applyOrderCommand(
      { type: 'verifyPayment', orderId: parsed.orderId },
      actorOf(interaction, config.discord.roles),
      new Date(),
      (next) => [
        { target: { channelId: next.ticketChannelId }, payload: buildPaymentVerifiedNotice(next) },
      ],
    );
    if (!result.ok) {
      await interaction.followUp(ephemeral(result.reason));
      return;
    }
    // The message pressed (the payments channel's request, or the ticket's payment embed)
    // now says who verified it and when; the button is disabled. Edits never ping.
    const inPaymentsChannel = interaction.channelId === config.discord.channels.payments;
    const payment = toMessageOptions(
      inPaymentsChannel
        ? buildPaymentVerificationRequest(result.order)
        : buildPaymentMessage(result.order),
    );
    await interaction.editReply({ ...payment, allowedMentions: { parse: [] } });
  },
};
