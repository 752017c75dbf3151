import { buildQcOutcomeNotice, parseOrderCustomId } from '../../core/orders';
import { createOrdersRepository } from '../../db/repositories/orders';
import type { ButtonModule } from '../modules';
import {
  actorOf,
  deliveredAnswer,
  deliveryMessages,
  ephemeral,
  toMessageOptions,
} from '../orders/order-interaction';

/**
 * 'Deliver' under the QC-passed notice: the order moves to delivered once, and the work goes
 * out through the outbox (deliveryMessages).
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
      deliveryMessages,
    );
    if (!result.ok) {
      await interaction.followUp(ephemeral(result.reason));
      return;
    }
    const notice = toMessageOptions(buildQcOutcomeNotice(result.order));
    await interaction.editReply({ ...notice, allowedMentions: { parse: [] } });
    await interaction.followUp(ephemeral(deliveredAnswer(result.order)));
  },
};
