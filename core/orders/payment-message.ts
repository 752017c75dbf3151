import { escapeMarkdown } from '../discord/markdown';
import { formatRobux } from '../site/pricing';
import type { OrderState } from './order';
import {
  allowMentions,
  BUTTON_STYLE,
  buttonRow,
  discordTime,
  mentionRole,
  mentionUser,
  ORDER_COLORS,
  type OrderMessagePayload,
  orderButton,
  withinLimits,
} from './order-message';
import { PAYMENT_FIRST_RULE, PAYMENT_FIRST_TITLE } from './payment-first';
import { netForPrice, priceForNet } from './tax';

export interface PaymentMessageOptions {
  /** The payment-verifier role to ping; left out when not configured. */
  verifierRoleId?: string | null;
}

/**
 * The answer to /createpayment in the ticket: what to pay in Robux (Roblox's fee included, as
 * /tax computes it), the card option and the Payment First rule, with the 'Verify payment'
 * button. Rebuilt from the order after verification to edit the message (button disabled,
 * who and when shown); edits never ping.
 */
export function buildPaymentMessage(
  order: OrderState,
  options: PaymentMessageOptions = {},
): OrderMessagePayload {
  const charge = priceForNet(order.priceRobux);
  const verified = order.paidAt !== null;
  const verifierRoleId = verified ? null : options.verifierRoleId;
  const customerId = verified ? null : order.customerDiscordId;
  const content = [
    verifierRoleId ? `${mentionRole(verifierRoleId)} a payment is waiting for verification.` : '',
    customerId ? `${mentionUser(customerId)}, here is how to pay for your order.` : '',
  ]
    .filter(Boolean)
    .join('\n');
  return withinLimits({
    ...(content ? { content } : {}),
    embeds: [
      {
        title: `Payment for order ${order.id}`,
        color: verified ? ORDER_COLORS.success : ORDER_COLORS.brand,
        timestamp: order.createdAt.toISOString(),
        fields: [
          {
            name: 'Pay in Robux',
            value:
              `**${formatRobux(charge)}**\n` +
              // netForPrice(priceForNet(n)) is exactly n for every n (tax.test.ts).
              `Roblox keeps 30% of every payment; this includes that fee, so the studio receives ` +
              `the ${formatRobux(order.priceRobux)} agreed.`,
          },
          { name: 'Roblox account', value: escapeMarkdown(order.robloxUsername), inline: true },
          { name: 'Designer', value: mentionUser(order.designerDiscordId), inline: true },
          {
            name: 'Or pay by card',
            value:
              'Prefer to pay by card? Say so in this ticket and your designer will send you a card payment link.',
          },
          {
            name: PAYMENT_FIRST_TITLE,
            value: `${PAYMENT_FIRST_RULE} Payment is made upfront, and there are no refunds once work has started.`,
          },
          {
            name: 'Status',
            value:
              verified && order.paidAt
                ? `Verified by ${order.paymentVerifiedBy ? mentionUser(order.paymentVerifiedBy) : 'a verifier'} ${discordTime(order.paidAt)}`
                : 'Waiting for a payment verifier',
          },
        ],
        footer: { text: `Order ${order.id}` },
      },
    ],
    components: [
      buttonRow(
        orderButton(
          verified ? 'Payment verified' : 'Verify payment',
          BUTTON_STYLE.success,
          { action: 'verify_payment', orderId: order.id },
          verified,
        ),
      ),
    ],
    allowed_mentions: allowMentions({ users: [customerId], roles: [verifierRoleId] }),
  });
}

/** Posted in the ticket when the payment is verified: the designer may start work. */
export function buildPaymentVerifiedNotice(order: OrderState): OrderMessagePayload {
  const customer = order.customerDiscordId ? ` ${mentionUser(order.customerDiscordId)}` : '';
  return withinLimits({
    content:
      `Payment for order ${order.id} is verified, thank you${customer}! ` +
      `${mentionUser(order.designerDiscordId)}, you can start work.`,
    embeds: [],
    allowed_mentions: allowMentions({
      users: [order.designerDiscordId, order.customerDiscordId],
    }),
  });
}

/** The /tax answer: what to charge to receive `amount`, and what charging `amount` yields. */
export function buildTaxReply(amount: number): OrderMessagePayload {
  return withinLimits({
    content:
      `To receive **${formatRobux(amount)}** after Roblox's 30% fee, charge **${formatRobux(priceForNet(amount))}**.\n` +
      `Charging **${formatRobux(amount)}** gives the studio **${formatRobux(netForPrice(amount))}**.`,
    embeds: [],
    allowed_mentions: allowMentions(),
  });
}
