import { buildRequestChangesModal, checkBeforeModal, parseOrderCustomId } from '../../core/orders';
import { createOrdersRepository } from '../../db/repositories/orders';
import type { ButtonModule } from '../modules';
import { actorOf, ephemeral } from '../orders/order-interaction';

/**
 * 'Request changes' under a QC submission: opens the modal for the reason (modals/qc-changes.ts
 * applies it). A modal must be the first answer, so this cannot defer; it only reads the order
 * (one primary-key lookup) to refuse before anyone types a reason for nothing.
 */
export const qcChangesButton: ButtonModule = {
  customIdPrefix: 'order:qc_changes',
  access: { roles: ['lead'] },
  async execute(interaction, { config, db }) {
    const parsed = parseOrderCustomId(interaction.customId);
    if (!parsed?.attempt) throw new Error(`bad custom id ${interaction.customId}`);
    const order = await createOrdersRepository(db).findOrder(parsed.orderId);
    const refusal = checkBeforeModal(
      order,
      { type: 'requestChanges', orderId: parsed.orderId, attempt: parsed.attempt },
      actorOf(interaction, config.discord.roles),
    );
    if (refusal || !order) {
      await interaction.reply(ephemeral(refusal ?? 'This order no longer exists.'));
      return;
    }
    await interaction.showModal(buildRequestChangesModal(order) as never);
  },
};
