import { buildOrderLogEntry, parseOrderCustomId, sharePercent } from '../../core/orders';
import { formatRobux } from '../../core/site/pricing';
import { createOrdersRepository } from '../../db/repositories/orders';
import type { ButtonModule } from '../modules';
import {
  actorOf,
  deliveredAnswer,
  deliveryMessages,
  edited,
  missingChannel,
} from '../orders/order-interaction';

/**
 * 'Deliver without QC and log' on /orderlog's prompt (decision 043): work never sent to QC is
 * delivered to the customer by the bot, then logged with the 80% share. The prompt is the
 * invoker's own ephemeral message; it is replaced by the outcome, button gone.
 */
export const deliverWithoutQcButton: ButtonModule = {
  customIdPrefix: 'order:deliver_noqc',
  access: { roles: ['designer', 'lead', 'executive'] },
  async execute(interaction, { config, db }) {
    const parsed = parseOrderCustomId(interaction.customId);
    if (!parsed) throw new Error(`bad custom id ${interaction.customId}`);
    const answer = (content: string) =>
      interaction.editReply({ ...edited(content), components: [] });
    await interaction.deferUpdate();
    const missing = missingChannel(config, 'order_log');
    if (missing) return void (await answer(missing));
    const orders = createOrdersRepository(db);
    const actor = actorOf(interaction, config.discord.roles);
    const delivered = await orders.applyOrderCommand(
      { type: 'deliverWithoutQc', orderId: parsed.orderId },
      actor,
      new Date(),
      deliveryMessages,
    );
    if (!delivered.ok) return void (await answer(delivered.reason));
    const logged = await orders.applyOrderCommand(
      { type: 'logOrder', orderId: parsed.orderId },
      actor,
      new Date(),
      (next) => [{ target: { channel: 'order_log' }, payload: buildOrderLogEntry(next) }],
    );
    const share = logged.ok
      ? ` It is logged: the designer's share is ${formatRobux(logged.order.designerShareRobux ?? 0)} (${sharePercent(false)}%).`
      : ` It could not be logged: ${logged.reason}`;
    await answer(`${deliveredAnswer(delivered.order)}${share}`);
  },
};
