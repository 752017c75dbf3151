import { SlashCommandBuilder } from 'discord.js';
import {
  buildDeliverWithoutQcPrompt,
  buildOrderLogEntry,
  offersDeliveryWithoutQc,
  sharePercent,
} from '../../core/orders';
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
  toMessageOptions,
} from '../orders/order-interaction';

/**
 * `/orderlog order_id`: logs a delivered order to the order-log channel with the designer's
 * share; for work never sent to QC it offers to deliver it without QC first (80%).
 */
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
    const orders = createOrdersRepository(db);
    const orderId = interaction.options.getString('order_id', true);
    const actor = actorOf(interaction, config.discord.roles);
    // Work never sent to QC is delivered first, and only once the designer confirms it
    // (decision 043): the answer asks, with the button that does it.
    const order = await orders.findOrder(orderId);
    if (order && offersDeliveryWithoutQc(order, actor)) {
      await interaction.editReply(toMessageOptions(buildDeliverWithoutQcPrompt(order)));
      return;
    }
    const result = await orders.applyOrderCommand(
      { type: 'logOrder', orderId },
      actor,
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
