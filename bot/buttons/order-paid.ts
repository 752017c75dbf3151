import { parseOrderCustomId } from '../../core/orders';
import { PRESS_INTERVAL_MS } from '../../core/payments';
import { createOrdersRepository } from '../../db/repositories/orders';
import { createPaymentsRepository } from '../../db/repositories/payments';
import type { ButtonModule } from '../modules';
import { DEFER_EPHEMERAL, edited } from '../orders/order-interaction';
import { createRobloxPayments } from '../payments/robux-payments';

/**
 * "I've paid" under the ticket's payment embed: asks Roblox at once whether the customer owns
 * the order's game pass (at most once in 15 s per order, however many press it), within the
 * inventory budget every process shares; the answer says what the check found.
 */
export const paidButton: ButtonModule = {
  customIdPrefix: 'order:i_paid',
  // Anyone in the ticket may ask for a check: it changes nothing but when Roblox is asked.
  access: 'everyone',
  async execute(interaction, { config, db, log }) {
    const parsed = parseOrderCustomId(interaction.customId);
    if (!parsed) throw new Error(`bad custom id ${interaction.customId}`);
    await interaction.deferReply(DEFER_EPHEMERAL);
    const { orderId } = parsed;
    const orders = createOrdersRepository(db);
    const payments = createPaymentsRepository(db);
    const answer = (text: string) => interaction.editReply(edited(text));
    if (!config.roblox) {
      return void (await answer(
        `Thank you! A payment verifier checks the payment for order ${orderId} and this ticket is told once it is verified.`,
      ));
    }
    const requested = await payments.requestCheck(orderId, new Date(), PRESS_INTERVAL_MS);
    if (requested) {
      await createRobloxPayments({
        db,
        config: { ...config, roblox: config.roblox },
        log,
      }).runDueChecks();
    }
    const order = await orders.findOrder(orderId);
    if (!order) return void (await answer(`There is no order ${orderId}.`));
    if (order.status !== 'awaiting_payment') {
      return void (await answer(`Order ${orderId} is paid. Thank you!`));
    }
    if (!requested) {
      return void (await answer(
        `The bot asked Roblox about order ${orderId} moments ago. It keeps checking and tells this ticket as soon as it sees the purchase.`,
      ));
    }
    const payment = await payments.findPayment(orderId);
    const result = payment?.lastCheckResult;
    await answer(
      result === 'private_inventory'
        ? `The bot cannot see the inventory of ${order.robloxUsername} on Roblox: see the message in this ticket for how to show it. A payment verifier has been asked meanwhile.`
        : result === 'not_yet'
          ? `Roblox does not show the game pass in the inventory of ${order.robloxUsername} yet. Buy it with that account; the bot keeps checking and tells this ticket once it sees it.`
          : `Roblox could not be asked just now. The bot tries again shortly, and a payment verifier checks by hand if it keeps failing.`,
    );
  },
};
