import { SlashCommandBuilder } from 'discord.js';
import { buildReviewModal, checkBeforeModal, OrderIdSchema } from '../../core/orders';
import { createOrdersRepository } from '../../db/repositories/orders';
import type { CommandModule } from '../modules';
import {
  actorOf,
  ephemeral,
  missingChannel,
  orderIdOption,
  suggestOrders,
} from '../orders/order-interaction';

/**
 * `/review order_id`: opens the review modal (modals/order-review.ts stores it). A modal must
 * be the first answer, so this cannot defer; it reads the order once (a primary-key lookup) so
 * nobody writes a review only to be refused.
 */
export const reviewCommand: CommandModule = {
  data: new SlashCommandBuilder()
    .setName('review')
    .setDescription('Review your order')
    .addStringOption((option) => orderIdOption(option, 'Your order’s id, such as ticket-1234'))
    .toJSON(),
  access: 'everyone',
  autocomplete: suggestOrders,
  async execute(interaction, { config, db }) {
    const missing = missingChannel(config, 'reviews');
    if (missing) {
      await interaction.reply(ephemeral(missing));
      return;
    }
    const orderId = OrderIdSchema.safeParse(interaction.options.getString('order_id', true));
    if (!orderId.success) {
      await interaction.reply(ephemeral(orderId.error.issues[0]?.message ?? 'Invalid order ID'));
      return;
    }
    const order = await createOrdersRepository(db).findOrder(orderId.data);
    const refusal = checkBeforeModal(
      order,
      { type: 'review', orderId: orderId.data, channelId: interaction.channelId },
      actorOf(interaction, config.discord.roles),
    );
    if (refusal) {
      await interaction.reply(ephemeral(refusal));
      return;
    }
    await interaction.showModal(buildReviewModal(orderId.data) as never);
  },
};
