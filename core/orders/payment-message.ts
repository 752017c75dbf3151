import { escapeMarkdown } from '../discord/markdown';
import type { DiscordActionRow } from '../discord/payload';
import { gamePassUrl } from '../payments/game-pass';
import { formatRobux } from '../site/pricing';
import { describeVerifier, type OrderState } from './order';
import {
  allowMentions,
  BUTTON_STYLE,
  buttonRow,
  discordTime,
  mentionChannel,
  mentionRole,
  mentionUser,
  ORDER_COLORS,
  type OrderMessagePayload,
  orderButton,
  withinLimits,
} from './order-message';
import { PAYMENT_FIRST_RULE, PAYMENT_FIRST_TITLE } from './payment-first';
import { netForPrice, priceForNet } from './tax';

interface PaymentMessageOptions {
  /** The payment-verifier role to ping; left out when not configured. */
  verifierRoleId?: string | null;
  /**
   * Verifiers check payments in their own channel (DISCORD_PAYMENTS_CHANNEL_ID): the ticket's
   * message then pings nobody but the customer and has no Verify button; the request with the
   * button is `buildPaymentVerificationRequest`, posted there.
   */
  verifiedElsewhere?: boolean;
  /**
   * Roblox is configured (docs/decisions/051-payments.md): the bot checks the purchase itself,
   * so nobody is pinged; the customer gets the order's game pass (once made) and "I've paid".
   */
  robux?: { gamePassId: string | null };
  /**
   * Stripe is configured and the order has a card price: a link button to the site's card
   * checkout address, which sends the customer to a live Stripe Checkout page (a fresh one
   * once the last expired).
   */
  card?: { amountLabel: string; checkoutUrl: string };
}

const verifiedBy = (order: OrderState) =>
  `Verified by ${order.paymentVerifiedBy ? describeVerifier(order.paymentVerifiedBy) : 'a verifier'}${order.paidAt ? ` ${discordTime(order.paidAt)}` : ''}`;

/** The customer's buttons while the bot checks Roblox: buy the pass, then say so. */
function robuxButtons(
  order: OrderState,
  gamePassId: string | null,
): DiscordActionRow['components'] {
  const charge = formatRobux(priceForNet(order.priceRobux));
  return [
    ...(gamePassId
      ? [
          {
            type: 2 as const,
            style: 5 as const,
            label: `Buy the game pass (${charge})`,
            url: gamePassUrl(gamePassId),
          },
        ]
      : []),
    orderButton(
      'I’ve paid',
      BUTTON_STYLE.primary,
      { action: 'i_paid', orderId: order.id },
      !gamePassId,
    ),
  ];
}

function robuxStatus(gamePassId: string | null): string {
  return gamePassId
    ? 'Buy the game pass with the Roblox account above: the bot sees the purchase on Roblox and marks the order paid. Press **I’ve paid** once you have.'
    : 'Your game pass is being made on Roblox; its link appears here as soon as it is ready.';
}

const verifyButton = (order: OrderState) =>
  buttonRow(
    orderButton(
      order.paidAt !== null ? 'Payment verified' : 'Verify payment',
      BUTTON_STYLE.success,
      { action: 'verify_payment', orderId: order.id },
      order.paidAt !== null,
    ),
  );

/**
 * The answer to /createpayment in the ticket: what to pay in Robux (Roblox's fee included, as
 * /tax computes it), the card option and the Payment First rule, with the 'Verify payment'
 * button unless verifiers work in their own channel. Rebuilt from the order after
 * verification to edit the message (button disabled, who and when shown); edits never ping.
 */
export function buildPaymentMessage(
  order: OrderState,
  options: PaymentMessageOptions = {},
): OrderMessagePayload {
  const charge = priceForNet(order.priceRobux);
  const verified = order.paidAt !== null;
  const elsewhere = options.verifiedElsewhere === true;
  const robux = options.robux;
  const verifierRoleId = verified || elsewhere || robux ? null : options.verifierRoleId;
  const customerId = verified ? null : order.customerDiscordId;
  const content = [
    verifierRoleId ? `${mentionRole(verifierRoleId)} a payment is waiting for verification.` : '',
    customerId ? `${mentionUser(customerId)}, here is how to pay for your order.` : '',
  ]
    .filter(Boolean)
    .join('\n');
  const card = options.card;
  const buttons = [
    ...(robux && !verified ? robuxButtons(order, robux.gamePassId) : []),
    ...(card && !verified
      ? [
          {
            type: 2 as const,
            style: 5 as const,
            label: `Pay by card (${card.amountLabel})`,
            url: card.checkoutUrl,
          },
        ]
      : []),
    ...(elsewhere ? [] : verifyButton(order).components),
  ];
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
            value: card
              ? `**${card.amountLabel}** by card on Stripe’s secure checkout: press **Pay by card**. The order is marked paid as soon as the payment goes through.`
              : 'Prefer to pay by card? Say so in this ticket and your designer will send you a card payment link.',
          },
          {
            name: PAYMENT_FIRST_TITLE,
            value: `${PAYMENT_FIRST_RULE} Payment is made upfront, and there are no refunds once work has started.`,
          },
          {
            name: 'Status',
            value: verified
              ? verifiedBy(order)
              : robux
                ? robuxStatus(robux.gamePassId)
                : card
                  ? 'Waiting for your payment: the order is marked paid by itself once it goes through.'
                  : elsewhere
                    ? 'A payment verifier checks it; you will be told here once it is verified.'
                    : 'Waiting for a payment verifier',
          },
        ],
        footer: { text: `Order ${order.id}` },
      },
    ],
    components: buttons.length ? [{ type: 1, components: buttons }] : [],
    allowed_mentions: allowMentions({ users: [customerId], roles: [verifierRoleId] }),
  });
}

/**
 * What a verifier checks, in the payments channel (DISCORD_PAYMENTS_CHANNEL_ID): the Robux the
 * customer's Roblox account should have paid, the order's ticket, and the 'Verify payment'
 * button; pings the verifier role. Rebuilt after verification to edit it (who and when, button
 * disabled); edits never ping.
 */
export function buildPaymentVerificationRequest(
  order: OrderState,
  {
    verifierRoleId,
    reason,
  }: {
    verifierRoleId?: string | null;
    /** Why the automatic Roblox check needs a person ("Cara_R's inventory is private"). */
    reason?: string;
  } = {},
): OrderMessagePayload {
  const verified = order.paidAt !== null;
  const ping = verified ? null : verifierRoleId;
  return withinLimits({
    ...(ping ? { content: `${mentionRole(ping)} a payment is waiting for verification.` } : {}),
    embeds: [
      {
        title: `Verify the payment for order ${order.id}`,
        color: verified ? ORDER_COLORS.success : ORDER_COLORS.waiting,
        timestamp: order.createdAt.toISOString(),
        fields: [
          {
            name: 'Expected',
            value:
              `**${formatRobux(priceForNet(order.priceRobux))}** in Robux from the account below ` +
              `(the studio receives ${formatRobux(order.priceRobux)}), or the card payment the designer arranged`,
          },
          { name: 'Roblox account', value: escapeMarkdown(order.robloxUsername), inline: true },
          { name: 'Designer', value: mentionUser(order.designerDiscordId), inline: true },
          { name: 'Ticket', value: mentionChannel(order.ticketChannelId), inline: true },
          ...(reason ? [{ name: 'Why a person is needed', value: reason }] : []),
          {
            name: 'Status',
            value: verified ? verifiedBy(order) : 'Waiting for a payment verifier',
          },
        ],
        footer: { text: `Order ${order.id}` },
      },
    ],
    components: [verifyButton(order)],
    allowed_mentions: allowMentions({ roles: [ping] }),
  });
}

/**
 * Told in the ticket when the bot cannot see the customer's inventory: how to show it (Roblox
 * lets an API key read only inventories visible to everyone); a verifier is asked meanwhile.
 */
export function buildPrivateInventoryNotice(order: OrderState): OrderMessagePayload {
  const customer = order.customerDiscordId ? `${mentionUser(order.customerDiscordId)}, ` : '';
  return withinLimits({
    content:
      `${customer}the bot cannot see the inventory of ${escapeMarkdown(order.robloxUsername)} on Roblox, ` +
      `so it cannot check the payment for order ${order.id} itself. To let it, on Roblox open ` +
      '**Settings → Privacy** and set **Who can see my inventory?** to **Everyone**, then press ' +
      '**I’ve paid** again. A payment verifier has been asked to check it by hand meanwhile.',
    embeds: [],
    allowed_mentions: allowMentions({ users: [order.customerDiscordId] }),
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

/**
 * Told to the customer (by DM, else in the ticket) when an executive refunds the order: what,
 * how, and why.
 */
export function buildRefundNotice(
  order: OrderState,
  refund: { method: 'card' | 'robux'; amountLabel: string; reason: string },
): OrderMessagePayload {
  const how =
    refund.method === 'card'
      ? `${refund.amountLabel} is on its way back to your card (banks usually show it within 5–10 days).`
      : `${refund.amountLabel} is sent back to your Roblox account ${escapeMarkdown(order.robloxUsername)} by the studio.`;
  return withinLimits({
    content: `Your payment for order ${order.id} has been refunded. ${how}\nReason: ${refund.reason}`,
    embeds: [],
    allowed_mentions: allowMentions(),
  });
}
