import type Stripe from 'stripe';
import { type Config, publicUrl, type StripeConfig } from '../core/config';
import {
  buildPaymentVerificationRequest,
  buildPaymentVerifiedNotice,
  type OrderState,
  STRIPE_ACTOR_ID,
} from '../core/orders';
import { formatCardAmount } from '../core/payments';
import type { Database } from './client';
import { paymentEmbedEdit } from './payment-embed';
import { countCardPayment, countStripeError } from './payment-metrics';
import { createRefunds } from './refunds';
import { type CardPaymentRow, createCardPaymentsRepository } from './repositories/card-payments';
import { createOrdersRepository, queueOrderMessage } from './repositories/orders';
import { createPaymentsRepository } from './repositories/payments';
import { createStripeClient, WEBHOOK_TOLERANCE_SECONDS } from './stripe-client';

// Card payments through Stripe Checkout (docs/decisions/051-payments.md), shared by the bot
// (/createpayment makes the session) and the web server (the checkout link, the webhook, the
// executives' refunds). The webhook pays the order through the same state-machine command as
// the Verify button, with Stripe as the actor.

/** A session closer to its expiry than this is replaced rather than handed out. */
const SESSION_MARGIN_MS = 10 * 60_000;

const STRIPE = { discordId: STRIPE_ACTOR_ID, roles: new Set(['payment_verifier'] as const) };

interface CardLog {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
}

export interface CardPaymentsDeps {
  db: Database;
  config: Config & { stripe: StripeConfig };
  log: CardLog;
  /** Made from config.stripe when not given. */
  stripe?: Stripe;
  now?: () => Date;
}

/** Stripe could not be reached or refused: the caller says card payment is unavailable for now. */
export class CardUnavailable extends Error {}

export type CheckoutLink =
  | { status: 'open'; url: string }
  | { status: 'paid' }
  /** No card price for this order (or no such order). */
  | { status: 'none' };

export type WebhookResult = { status: 200 | 400; message: string };

export function createCardPayments(deps: CardPaymentsDeps) {
  const { db, config, log } = deps;
  const stripe = deps.stripe ?? createStripeClient(config.stripe);
  const clock = deps.now ?? (() => new Date());
  const cards = createCardPaymentsRepository(db);
  const orders = createOrdersRepository(db);
  const robux = createPaymentsRepository(db);
  const site = publicUrl(config).replace(/\/+$/, '');
  const refunds = createRefunds({ db, log, stripe, now: clock });

  function failed(error: unknown, what: string): CardUnavailable {
    const kind =
      (error as { type?: string }).type === 'StripeConnectionError'
        ? 'unavailable'
        : ((error as { type?: string }).type ?? 'unknown');
    countStripeError(kind);
    log.warn({ kind, err: (error as Error).message }, `payments: Stripe failed to ${what}`);
    return new CardUnavailable((error as Error).message);
  }

  /** A new Checkout Session for the order's card price, idempotent per order, amount and try. */
  async function createSession(card: CardPaymentRow, order: OrderState) {
    const count = card.sessionCount + 1;
    let session: Stripe.Checkout.Session;
    try {
      session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: card.currency,
                unit_amount: card.amount,
                product_data: { name: `Lunar order ${order.id}` },
              },
            },
          ],
          metadata: { order_id: order.id },
          client_reference_id: order.id,
          success_url: `${site}/orders?order=${encodeURIComponent(order.id)}&card=paid`,
          cancel_url: `${site}/orders?order=${encodeURIComponent(order.id)}&card=cancelled`,
        },
        { idempotencyKey: `lunar-checkout:${order.id}:${card.amount}:${count}` },
      );
    } catch (error) {
      throw failed(error, 'create a Checkout Session');
    }
    if (!session.url) throw new CardUnavailable('Stripe gave the session no URL');
    await cards.recordSession(order.id, {
      id: session.id,
      url: session.url,
      amount: card.amount,
      expiresAt: new Date(session.expires_at * 1000),
      count,
    });
    return session.url;
  }

  /**
   * The order's live checkout link: the current session while it is open at the current price
   * and not about to expire, else a new one (an outdated price's open session is expired so
   * it can no longer be paid). Throws CardUnavailable while Stripe does not answer.
   */
  async function checkoutLink(orderId: string): Promise<CheckoutLink> {
    const [card, order] = await Promise.all([
      cards.findCardPayment(orderId),
      orders.findOrder(orderId),
    ]);
    if (!card || !order) return { status: 'none' };
    if (order.paidAt || card.paidAt) return { status: 'paid' };
    const now = clock();
    const live =
      card.sessionStatus === 'open' &&
      card.sessionUrl &&
      card.sessionExpiresAt &&
      card.sessionExpiresAt.getTime() - now.getTime() > SESSION_MARGIN_MS;
    if (live && card.sessionAmount === card.amount) {
      return { status: 'open', url: card.sessionUrl as string };
    }
    if (card.sessionStatus === 'open' && card.sessionId && card.sessionAmount !== card.amount) {
      await stripe.checkout.sessions.expire(card.sessionId).catch((error: unknown) => {
        log.warn(
          { orderId, err: (error as Error).message },
          'payments: an outdated Checkout Session could not be expired',
        );
      });
    }
    return { status: 'open', url: await createSession(card, order) };
  }

  /** Messages a card payment sends: the ticket's notice (customer and designer), the embed. */
  async function payOrder(
    orderId: string,
    session: Stripe.Checkout.Session,
    card: CardPaymentRow,
  ): Promise<void> {
    const now = clock();
    const paymentIntentId =
      typeof session.payment_intent === 'string'
        ? session.payment_intent
        : (session.payment_intent?.id ?? null);
    const paid = { sessionId: session.id, paymentIntentId, at: now };
    const current = await orders.findOrder(orderId);
    if (!current) return;
    if (session.currency !== card.currency || (session.amount_total ?? 0) < card.amount) {
      // Paid an older, lower price: the money is in, but a person decides.
      await cards.recordPaid(orderId, paid);
      await db.transaction((tx) =>
        queueOrderMessage(tx, orderId, {
          target: config.discord.channels.payments
            ? { channel: 'payments' }
            : { channelId: current.ticketChannelId },
          payload: buildPaymentVerificationRequest(current, {
            verifierRoleId: config.discord.roles.payment_verifier,
            reason: `The customer paid ${formatCardAmount(session.amount_total ?? 0, session.currency ?? card.currency)} by card; the order’s card price is ${formatCardAmount(card.amount, card.currency)}.`,
          }),
        }),
      );
      log.warn(
        { orderId },
        'payments: a card payment differs from the card price; a verifier is asked',
      );
      return;
    }
    const pass = await robux.findPayment(orderId);
    const result = await orders.applyOrderCommand(
      {
        type: 'verifyPayment',
        orderId,
        // The receipt says "Card" and what was charged.
        cardAmount: formatCardAmount(session.amount_total ?? card.amount, card.currency),
      },
      STRIPE,
      now,
      (next) => [
        { target: { channelId: next.ticketChannelId }, payload: buildPaymentVerifiedNotice(next) },
        ...paymentEmbedEdit(next, pass, card, config),
      ],
      async (tx) => {
        await cards.recordPaid(orderId, paid, tx);
        // The game pass stops being checked and goes off sale.
        if (pass) await robux.recordPaid(orderId, now, tx);
      },
    );
    if (result.ok) {
      countCardPayment();
      log.info({ orderId }, 'payments: an order was paid by card');
      return;
    }
    // Already paid (a replay, a verifier, or also in Robux): the payment is recorded for refunds.
    await cards.recordPaid(orderId, paid);
    if (current.paymentVerifiedBy !== STRIPE_ACTOR_ID && current.paidAt) {
      log.warn(
        { orderId },
        'payments: an order already paid was paid by card too; an executive may refund one',
      );
    }
  }

  /** Finds the order a session is for; logs and ignores one Lunar does not know. */
  async function cardOf(orderId: string | null | undefined, event: Stripe.Event) {
    const card = orderId ? await cards.findCardPayment(orderId) : null;
    if (!card) {
      log.info(
        { eventId: event.id, type: event.type },
        'payments: a Stripe event for no known order was ignored',
      );
    }
    return card;
  }

  async function handleEvent(event: Stripe.Event): Promise<string | null> {
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        const session = event.data.object;
        const orderId = session.metadata?.order_id ?? session.client_reference_id;
        const card = await cardOf(orderId, event);
        if (!card) return null;
        // A delayed method (a bank debit) completes unpaid; async_payment_succeeded follows.
        if (session.payment_status === 'paid') await payOrder(card.orderId, session, card);
        return card.orderId;
      }
      case 'checkout.session.expired': {
        const session = event.data.object;
        const card = await cardOf(session.metadata?.order_id ?? session.client_reference_id, event);
        if (!card) return null;
        await cards.markSessionExpired(session.id);
        return card.orderId;
      }
      case 'charge.refunded': {
        const charge = event.data.object;
        const intent =
          typeof charge.payment_intent === 'string'
            ? charge.payment_intent
            : charge.payment_intent?.id;
        const card = intent ? await cards.findByPaymentIntent(intent) : null;
        if (!card) {
          await cardOf(null, event);
          return null;
        }
        await refunds.refundOrder(
          card.orderId,
          { discordId: STRIPE_ACTOR_ID, name: 'Stripe' },
          'Refunded in Stripe’s dashboard.',
          { fromStripe: { amount: charge.amount_refunded } },
        );
        return card.orderId;
      }
      default:
        return null;
    }
  }

  return {
    checkoutLink,
    /**
     * A webhook delivery: the signature checked on the raw body (5 minutes' tolerance), each
     * event handled once by id. A refused delivery changes nothing and logs no payload.
     */
    async handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<WebhookResult> {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signature ?? '',
          config.stripe.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
        );
      } catch {
        countStripeError('bad_signature');
        log.warn({}, 'payments: a Stripe webhook with a bad or stale signature was refused');
        return { status: 400, message: 'The Stripe signature does not match, or it is too old.' };
      }
      if (await cards.hasEvent(event.id)) return { status: 200, message: 'Already handled.' };
      const orderId = await handleEvent(event);
      await cards.recordEvent({ id: event.id, type: event.type, orderId });
      return { status: 200, message: 'Handled.' };
    },
  };
}

export type CardPayments = ReturnType<typeof createCardPayments>;
