import { SlashCommandBuilder } from 'discord.js';
import { buildQcSubmissionMessage } from '../../core/orders';
import { createOrdersRepository } from '../../db/repositories/orders';
import type { CommandModule } from '../modules';
import {
  actorOf,
  DEFER_EPHEMERAL,
  edited,
  ephemeral,
  missingChannel,
  orderIdOption,
  suggestOrders,
} from '../orders/order-interaction';

/** `/qualitycontrol order_id [file]`: submits the work to the QC channel for a lead's decision. */
export const qualityControlCommand: CommandModule = {
  data: new SlashCommandBuilder()
    .setName('qualitycontrol')
    .setDescription('Submit an order’s work to quality control')
    .addStringOption((option) => orderIdOption(option, 'The ticket’s id, such as ticket-1234'))
    .addAttachmentOption((option) => option.setName('file').setDescription('The finished work'))
    .toJSON(),
  access: { roles: ['designer', 'lead', 'executive'] },
  autocomplete: suggestOrders,
  async execute(interaction, { config, db }) {
    const missing = missingChannel(config, 'qc');
    if (missing) {
      await interaction.reply(ephemeral(missing));
      return;
    }
    await interaction.deferReply(DEFER_EPHEMERAL);
    const file = interaction.options.getAttachment('file');
    const result = await createOrdersRepository(db).applyOrderCommand(
      {
        type: 'submitQc',
        orderId: interaction.options.getString('order_id', true),
        ...(file && { fileUrl: file.url }),
      },
      actorOf(interaction, config.discord.roles),
      new Date(),
      (next) => [
        {
          target: { channel: 'qc' },
          payload: buildQcSubmissionMessage(next, { leadRoleId: config.discord.roles.lead }),
        },
      ],
    );
    await interaction.editReply(
      edited(
        result.ok
          ? `Order ${result.order.id} is submitted to quality control (submission ${result.order.qcAttempts}). A lead designer will review it.`
          : result.reason,
      ),
    );
  },
};
