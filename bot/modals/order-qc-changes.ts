import {
  buildQcOutcomeNotice,
  buildQcSubmissionMessage,
  ORDER_MODAL_FIELDS,
  parseOrderCustomId,
} from '../../core/orders';
import { createOrdersRepository } from '../../db/repositories/orders';
import type { ModalModule } from '../modules';
import {
  actorOf,
  DEFER_EPHEMERAL,
  ephemeral,
  modalText,
  toMessageOptions,
} from '../orders/order-interaction';

/** The 'Request changes' reason: stored, and sent to the ticket for the designer. */
export const qcChangesModal: ModalModule = {
  customIdPrefix: 'order:qc_changes_reason',
  access: { roles: ['lead'] },
  async execute(interaction, { config, db }) {
    const parsed = parseOrderCustomId(interaction.customId);
    if (!parsed?.attempt) throw new Error(`bad custom id ${interaction.customId}`);
    const fromMessage = interaction.isFromMessage();
    if (fromMessage) await interaction.deferUpdate();
    else await interaction.deferReply(DEFER_EPHEMERAL);
    const result = await createOrdersRepository(db).applyOrderCommand(
      {
        type: 'requestChanges',
        orderId: parsed.orderId,
        attempt: parsed.attempt,
        reason: modalText(interaction, ORDER_MODAL_FIELDS.reason),
      },
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
    if (fromMessage) {
      const decided = toMessageOptions(
        buildQcSubmissionMessage(result.order, { attempt: parsed.attempt }),
      );
      await interaction.editReply({ ...decided, allowedMentions: { parse: [] } });
    }
    await interaction.followUp(
      ephemeral(`Your request for changes to order ${result.order.id} is sent to its ticket.`),
    );
  },
};
