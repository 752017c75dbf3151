import { SlashCommandBuilder } from 'discord.js';
import type { Config } from '../../core/config';
import {
  buildPaymentMessage,
  buildPaymentVerificationRequest,
  ORDER_PRICE_MAX,
  ROBLOX_USERNAME_MAX,
} from '../../core/orders';
import { priceForNet } from '../../core/orders/tax';
import { cardPriceForRobux, parseCardPrice } from '../../core/payments';
import { CardUnavailable, createCardPayments } from '../../db/card-payments';
import type { Database } from '../../db/client';
import { cardOption } from '../../db/payment-embed';
import { createCardPaymentsRepository } from '../../db/repositories/card-payments';
import { createOrdersRepository } from '../../db/repositories/orders';
import { createPaymentsRepository } from '../../db/repositories/payments';
import { createSiteContentRepository } from '../../db/repositories/site-content';
import { createTicketsRepository } from '../../db/repositories/tickets';
import type { Log } from '../log';
import type { CommandModule } from '../modules';
import {
  actorOf,
  DEFER_EPHEMERAL,
  edited,
  orderIdOption,
  suggestOrders,
  toMessageOptions,
} from '../orders/order-interaction';
import { RobloxError } from '../payments/roblox-client';
import { createRobloxPayments, type RobloxPayments } from '../payments/robux-payments';

/**
 * `/createpayment price roblox_username order_id [customer]`: creates the order in this ticket
 * (or updates it while unpaid) and posts the payment embed for the customer. The 'Verify
 * payment' button and the verifiers' ping go with a request to the payments channel when one
 * is set (DISCORD_PAYMENTS_CHANNEL_ID), else under the embed in the ticket.
 *
 * With Roblox configured (docs/decisions/051-payments.md) the customer's Roblox name must be a
 * Roblox user, the order gets its game pass, and nobody is pinged: the bot checks the purchase
 * and asks a verifier only for what it cannot decide.
 *
 * With Stripe configured and a card price (`card_price`, else the card price of 100 R$ from
 * Settings), the embed also offers "Pay by card": a Stripe Checkout Session made now, paid
 * through the signed webhook (db/card-payments.ts).
 */
export const createPaymentCommand: CommandModule = {
  data: new SlashCommandBuilder()
    .setName('createpayment')
    .setDescription('Create or update the payment request of the order in this ticket')
    .addIntegerOption((option) =>
      option
        .setName('price')
        .setDescription('Robux the studio should receive (the embed adds Roblox’s fee)')
        .setRequired(true)
        .setMinValue(1)
        .setMaxValue(ORDER_PRICE_MAX),
    )
    .addStringOption((option) =>
      option
        .setName('roblox_username')
        .setDescription('The customer’s Roblox username')
        .setRequired(true)
        .setMaxLength(ROBLOX_USERNAME_MAX + 1),
    )
    .addStringOption((option) =>
      orderIdOption(option, 'Leave out inside a ticket; else its id, such as ticket-1234', {
        required: false,
      }),
    )
    .addUserOption((option) =>
      option.setName('customer').setDescription('The customer’s Discord account'),
    )
    .addStringOption((option) =>
      option
        .setName('card_price')
        .setDescription(
          'Price by card, e.g. 15 or 12.50 (else the card price of 100 R$ in Settings)',
        )
        .setMaxLength(12),
    )
    .toJSON(),
  access: { roles: ['designer', 'lead', 'executive'] },
  autocomplete: suggestOrders,
  async execute(interaction, { config, db, log }) {
    // Acknowledge first: the database may take longer than Discord's 3 s window.
    await interaction.deferReply(DEFER_EPHEMERAL);
    const verifierRoleId = config.discord.roles.payment_verifier;
    // With a payments channel, verifiers get the request (and the Verify button) there, where
    // they may read, rather than in a ticket they may not see.
    const verifiedElsewhere = Boolean(config.discord.channels.payments);
    // Inside a ticket the order is the ticket's (decision 046): its id, and its customer.
    const ticket = await createTicketsRepository(db).findTicketByChannel(interaction.channelId);
    const orderId = interaction.options.getString('order_id') ?? ticket?.orderId;
    if (!orderId) {
      await interaction.editReply(
        edited('Run /createpayment inside the order’s ticket, or give its order_id.'),
      );
      return;
    }
    const robloxUsername = interaction.options.getString('roblox_username', true);
    const cardPrice = await cardPriceOf(interaction.options.getString('card_price'), config, db);
    if (!cardPrice.ok) {
      await interaction.editReply(edited(`${cardPrice.message} Nothing was created.`));
      return;
    }
    const roblox = config.roblox
      ? createRobloxPayments({ db, config: { ...config, roblox: config.roblox }, log })
      : null;
    const robloxUser = roblox ? await findRobloxUser(roblox, robloxUsername) : null;
    if (robloxUser === 'unknown') {
      await interaction.editReply(
        edited(
          `Roblox has no user named ${robloxUsername.trim()}. Check roblox_username with the customer: nothing was created.`,
        ),
      );
      return;
    }
    const now = new Date();
    const result = await createOrdersRepository(db).applyOrderCommand(
      {
        type: 'createPayment',
        orderId,
        price: interaction.options.getInteger('price', true),
        robloxUsername,
        customerDiscordId:
          interaction.options.getUser('customer')?.id ??
          (ticket && ticket.orderId === orderId.trim().toLowerCase()
            ? ticket.customerDiscordId
            : undefined),
        ticketChannelId: interaction.channelId,
      },
      actorOf(interaction, config.discord.roles),
      now,
      (next) =>
        verifiedElsewhere && !roblox
          ? [
              {
                target: { channel: 'payments' },
                payload: buildPaymentVerificationRequest(next, { verifierRoleId }),
              },
            ]
          : [],
      async (tx, next) => {
        if (roblox) {
          await createPaymentsRepository(db).savePayment(tx, {
            orderId: next.id,
            robloxUserId: robloxUser?.id ?? null,
            passPrice: priceForNet(next.priceRobux),
            at: now,
          });
        }
        const amount = cardPrice.amount ?? cardPrice.per100(next.priceRobux);
        if (config.stripe && amount) {
          await createCardPaymentsRepository(db).saveCardPayment(tx, {
            orderId: next.id,
            amount,
            currency: config.stripe.currency,
            at: now,
          });
        }
      },
    );
    if (!result.ok) {
      await interaction.editReply(edited(result.reason));
      return;
    }
    const { order, previous } = result;
    // The deferred answer is settled first: Discord turns the first follow-up after a
    // deferral into that (ephemeral) answer, and the payment embed is for the whole ticket.
    await interaction.editReply(
      edited(
        previous
          ? `Payment request for order ${order.id} updated.`
          : `Payment request for order ${order.id} created.`,
      ),
    );
    // Roblox down: the order stands, the pass follows from the worker's job (or a verifier).
    if (roblox) await roblox.syncPass(order.id);
    // Stripe down: the order stands; the card link makes its session when first opened.
    const card = await startCardCheckout(order.id, config, db, log);
    const payments = createPaymentsRepository(db);
    const payment = roblox ? await payments.findPayment(order.id) : null;
    const cardChoice = cardOption(config, card);
    const posted = await interaction.followUp(
      toMessageOptions(
        buildPaymentMessage(order, {
          verifierRoleId,
          verifiedElsewhere,
          ...(roblox && { robux: { gamePassId: payment?.gamePassId ?? null } }),
          ...(cardChoice && { card: cardChoice }),
        }),
      ),
    );
    if (roblox) await payments.recordEmbed(order.id, posted.channelId, posted.id);
    if (card) {
      await createCardPaymentsRepository(db).recordEmbed(order.id, posted.channelId, posted.id);
    }
  },
};

type CardPriceChoice =
  | { ok: true; amount: number | null; per100: (priceRobux: number) => number | null }
  | { ok: false; message: string };

/**
 * The order's card price in CARD_CURRENCY's minor unit: `card_price` when given, else the
 * "card price of 100 R$" from Settings applied to the order's price, else none (no card).
 */
async function cardPriceOf(
  text: string | null,
  config: Config,
  db: Database,
): Promise<CardPriceChoice> {
  const none = { ok: true as const, amount: null, per100: () => null };
  if (!config.stripe) {
    return text === null
      ? none
      : {
          ok: false,
          message:
            'Card payments are not set up on this server (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET), so card_price cannot be used.',
        };
  }
  const { currency } = config.stripe;
  if (text !== null) {
    const parsed = parseCardPrice(text, currency);
    return parsed.ok ? { ok: true, amount: parsed.amount, per100: () => null } : parsed;
  }
  const { value } = await createSiteContentRepository(db).read('settings');
  const rate = value.cardPricePer100Robux
    ? parseCardPrice(value.cardPricePer100Robux, currency)
    : null;
  if (!rate?.ok) return none;
  return {
    ok: true,
    amount: null,
    per100: (priceRobux) => cardPriceForRobux(priceRobux, rate.amount),
  };
}

/** The order's first Checkout Session, so the link opens at once; null without a card price. */
async function startCardCheckout(orderId: string, config: Config, db: Database, log: Log) {
  if (!config.stripe) return null;
  const cards = createCardPaymentsRepository(db);
  if (!(await cards.findCardPayment(orderId))) return null;
  try {
    await createCardPayments({
      db,
      config: { ...config, stripe: config.stripe },
      log,
    }).checkoutLink(orderId);
  } catch (error) {
    if (!(error instanceof CardUnavailable)) throw error;
  }
  return cards.findCardPayment(orderId);
}

/** The customer's Roblox user; 'unknown' for a name Roblox does not know, null when down. */
async function findRobloxUser(roblox: RobloxPayments, name: string) {
  try {
    return (await roblox.findUser(name.trim())) ?? 'unknown';
  } catch (error) {
    if (error instanceof RobloxError) return null;
    throw error;
  }
}
