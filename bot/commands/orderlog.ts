import { SlashCommandBuilder } from 'discord.js';
import { buildOrderLogEntry, sharePercent } from '../../core/orders';
import { formatRobux } from '../../core/site/pricing';
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

/** `/orderlog order_id`: logs a paid order to the order-log channel with the designer's share. */
export const orderLogCommand: CommandModule = {
  data: new SlashCommandBuilder()
    .setName('orderlog')
    .setDescription('Log a finished order with your share')
    .addStringOption((option) => orderIdOption(option, 'The ticket’s id, such as ticket-1234'))
    .toJSON(),
  access: { roles: ['designer', 'lead', 'executive'] },
  autocomplete: suggestOrders,
  async execute(interaction, { config, db }) {
    const missing = missingChannel(config, 'order_log');
    if (missing) {
      await interaction.reply(ephemeral(missing));
      return;
    }
    await interaction.deferReply(DEFER_EPHEMERAL);
    const result = await createOrdersRepository(db).applyOrderCommand(
      { type: 'logOrder', orderId: interaction.options.getString('order_id', true) },
      actorOf(interaction, config.discord.roles),
      new Date(),
      (next) => [{ target: { channel: 'order_log' }, payload: buildOrderLogEntry(next) }],
    );
    await interaction.editReply(
      edited(
        result.ok
          ? `Order ${result.order.id} is logged. The designer's share is ${formatRobux(result.order.designerShareRobux ?? 0)} (${sharePercent(result.order.qcPassed)}%).`
          : result.reason,
      ),
    );
  },
};
