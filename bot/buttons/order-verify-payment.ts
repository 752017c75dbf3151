import {
  buildPaymentMessage,
  buildPaymentVerificationRequest,
  parseOrderCustomId,
} from '../../core/orders';
import { verifyPaymentByPerson } from '../../db/repositories/payment-verification';
import type { ButtonModule } from '../modules';
import { actorOf, ephemeral, toMessageOptions } from '../orders/order-interaction';
import { countPayment } from '../payments/metrics';

/**
 * 'Verify payment' under the payments channel's request (or, without that channel, under the
 * ticket's payment embed): moves the order to paid, with who and when, and tells the ticket.
 * The same operation the automatic Roblox check runs: whichever comes first pays the order, the
 * other is told it is already verified. With a game pass, the pass then goes off sale.
 */
export const verifyPaymentButton: ButtonModule = {
  customIdPrefix: 'order:verify_payment',
  access: { roles: ['payment_verifier', 'executive'] },
  async execute(interaction, { config, db }) {
    const parsed = parseOrderCustomId(interaction.customId);
    if (!parsed) throw new Error(`bad custom id ${interaction.customId}`);
    await interaction.deferUpdate();
    const inPaymentsChannel = interaction.channelId === config.discord.channels.payments;
    const { result, method } = await verifyPaymentByPerson(db, config, {
      orderId: parsed.orderId,
      actor: actorOf(interaction, config.discord.roles),
      at: new Date(),
      // Pressed elsewhere: the ticket's embed (with the customer's pay buttons) is edited too.
      editEmbed: inPaymentsChannel,
    });
    if (!result.ok) {
      await interaction.followUp(ephemeral(result.reason));
      return;
    }
    countPayment(method, 'person');
    // The message pressed (the payments channel's request, or the ticket's payment embed)
    // now says who verified it and when; the button is disabled. Edits never ping.
    const payment = toMessageOptions(
      inPaymentsChannel
        ? buildPaymentVerificationRequest(result.order)
        : buildPaymentMessage(result.order),
    );
    await interaction.editReply({ ...payment, allowedMentions: { parse: [] } });
  },
};
