import {
  buildDeliveryDm,
  buildDeliveryInTicket,
  buildQcOutcomeNotice,
  parseOrderCustomId,
} from '../../core/orders';
import { createOrdersRepository, type OrderMessage } from '../../db/repositories/orders';
import type { ButtonModule } from '../modules';
import { actorOf, ephemeral, toMessageOptions } from '../orders/order-interaction';

/**
 * 'Deliver' under the QC-passed notice: the order moves to delivered once, and the work goes
 * out through the outbox: to the customer's DMs (the worker falls back to the ticket, with a
 * note, when they are closed), or to the ticket when no customer is recorded.
 */
export const deliverButton: ButtonModule = {
  customIdPrefix: 'order:deliver',
  access: { roles: ['designer', 'lead', 'executive'] },
  async execute(interaction, { config, db }) {
    const parsed = parseOrderCustomId(interaction.customId);
    if (!parsed) throw new Error(`bad custom id ${interaction.customId}`);
    await interaction.deferUpdate();
    const result = await createOrdersRepository(db).applyOrderCommand(
      { type: 'deliver', orderId: parsed.orderId },
      actorOf(interaction, config.discord.roles),
      new Date(),
      (next): OrderMessage[] => [
        next.customerDiscordId
          ? {
              target: {
                dmUserId: next.customerDiscordId,
                fallbackChannelId: next.ticketChannelId,
                fallback: buildDeliveryInTicket(next, 'dms_closed'),
              },
              payload: buildDeliveryDm(next),
            }
          : {
              target: { channelId: next.ticketChannelId },
              payload: buildDeliveryInTicket(next, 'no_customer'),
            },
      ],
    );
    if (!result.ok) {
      await interaction.followUp(ephemeral(result.reason));
      return;
    }
    const notice = toMessageOptions(buildQcOutcomeNotice(result.order));
    await interaction.editReply({ ...notice, allowedMentions: { parse: [] } });
    await interaction.followUp(
      ephemeral(
        result.order.customerDiscordId
          ? `Order ${result.order.id} is on its way to the customer by direct message (or to this ticket if their DMs are closed).`
          : `Order ${result.order.id} is delivered in this ticket: no customer account is recorded.`,
      ),
    );
  },
};
