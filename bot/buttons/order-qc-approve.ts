import {
  buildQcOutcomeNotice,
  buildQcSubmissionMessage,
  parseOrderCustomId,
} from '../../core/orders';
import { createOrdersRepository } from '../../db/repositories/orders';
import type { ButtonModule } from '../modules';
import { actorOf, ephemeral, toMessageOptions } from '../orders/order-interaction';

/** 'Approve' under a QC submission: leads only; tells the designer in the ticket. */
export const qcApproveButton: ButtonModule = {
  customIdPrefix: 'order:qc_approve',
  access: { roles: ['lead'] },
  async execute(interaction, { config, db }) {
    const parsed = parseOrderCustomId(interaction.customId);
    if (!parsed?.attempt) throw new Error(`bad custom id ${interaction.customId}`);
    await interaction.deferUpdate();
    const result = await createOrdersRepository(db).applyOrderCommand(
      { type: 'approveQc', orderId: parsed.orderId, attempt: parsed.attempt },
      actorOf(interaction, config.discord.roles),
      new Date(),
      (next) => [
        { target: { channelId: next.ticketChannelId }, payload: buildQcOutcomeNotice(next) },
      ],
    );
    if (!result.ok) {
      await interaction.followUp(ephemeral(result.reason));
      return;
    }
    const decided = toMessageOptions(
      buildQcSubmissionMessage(result.order, { attempt: parsed.attempt }),
    );
    await interaction.editReply({ ...decided, allowedMentions: { parse: [] } });
  },
};
