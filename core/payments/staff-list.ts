import { z } from 'zod';
import { FacetParamSchema, ListQuerySchema } from '../shared/list-page';

// The dashboard's Payments list (issue 31), for payment verifiers and executives: orders
// awaiting payment and those paid, with the automatic check's last word. It follows the list
// contract of core/shared/list-page.ts.

/** Where the order's payment stands: `refunded` once an executive refunded it (orders.refunded_at). */
export const PAYMENT_STATES = ['awaiting', 'paid', 'refunded'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/**
 * How the order is paid, one value per order (docs/decisions/051-payments.md): once paid, how
 * it was paid (`orders.paid_with`; a verifier's Verify without it is Robux, since a card payment
 * always records `card`); while unpaid, `robux_or_card` when the order has a card price beside
 * the Robux one (every order can be paid in Robux), else `robux`.
 */
export const PAYMENT_METHODS = ['robux', 'card', 'robux_or_card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * The order's card checkout as Stripe last told it: `not_opened` until the customer first
 * opens the card link, `open` while waiting for Stripe, `expired` (the next press makes a new
 * one), `complete` once Stripe reported the payment.
 */
export const CARD_CHECKOUTS = ['not_opened', 'open', 'expired', 'complete'] as const;
export type CardCheckout = (typeof CARD_CHECKOUTS)[number];

/**
 * The automatic check's last word: `not_checked` before the first look (or without Roblox
 * settings), `escalated` once a verifier was asked, else core/payments' check results.
 */
export const PAYMENT_CHECKS = [
  'not_checked',
  'not_yet',
  'owned',
  'private_inventory',
  'roblox_error',
  'key_refused',
  'rate_limited',
  'escalated',
] as const;
export type PaymentCheck = (typeof PAYMENT_CHECKS)[number];

export const PAYMENT_SORTS = ['created', 'amount', 'paid', 'checked'] as const;
export type PaymentSort = (typeof PAYMENT_SORTS)[number];

/**
 * `GET /api/staff/payments` (core/shared/list-page.ts): `q` finds the start of an order id, of
 * the customer's Roblox name or of their Discord username, display name or nickname (any case),
 * or the customer's Discord id; dates are the order's creation.
 */
export const PaymentListQuerySchema = ListQuerySchema(
  z.enum(PAYMENT_SORTS, { error: `Sort must be one of ${PAYMENT_SORTS.join(', ')}` }),
  'created',
).extend({
  status: FacetParamSchema(
    z.enum(PAYMENT_STATES, { error: `Status must be one of ${PAYMENT_STATES.join(', ')}` }),
  ).optional(),
  method: FacetParamSchema(
    z.enum(PAYMENT_METHODS, { error: `Method must be one of ${PAYMENT_METHODS.join(', ')}` }),
  ).optional(),
  check: FacetParamSchema(
    z.enum(PAYMENT_CHECKS, { error: `Check must be one of ${PAYMENT_CHECKS.join(', ')}` }),
  ).optional(),
});
export type PaymentListQuery = z.output<typeof PaymentListQuerySchema>;

export type PaymentRow = {
  orderId: string;
  status: PaymentState;
  method: PaymentMethod;
  customerDiscordId: string | null;
  customerName: string | null;
  robloxUsername: string;
  /** What the customer pays in Robux, Roblox's fee included (as /createpayment says). */
  amountRobux: number;
  /**
   * The order's card price, when it has one: minor units of the currency, and in words
   * ("$15.00", core/payments formatCardAmount).
   */
  cardAmount: { minor: number; currency: string; label: string } | null;
  /** Where the card checkout stands; null without a card price. */
  cardCheckout: CardCheckout | null;
  lastCheckAt: string | null;
  check: PaymentCheck;
  /** Why a verifier was asked, in words ("Cara_R's inventory is private"). */
  escalationReason: string | null;
  paidAt: string | null;
  /** Who verified it: a Discord id, or the automatic check's actor id. */
  verifiedBy: string | null;
  createdAt: string;
};

/**
 * The automatic check's last word as the Payments page says it: the Roblox check's, and for an
 * order with a card price what Stripe said ("waiting for Stripe", "card checkout expired").
 */
export function describePaymentCheck(
  row: Pick<PaymentRow, 'check' | 'escalationReason'> &
    Partial<Pick<PaymentRow, 'status' | 'method' | 'cardCheckout'>>,
): string {
  // The words start a cell or a line on their own: a capital, whichever part comes first.
  const words = describeCheckParts(row);
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function describeCheckParts(
  row: Pick<PaymentRow, 'check' | 'escalationReason'> &
    Partial<Pick<PaymentRow, 'status' | 'method' | 'cardCheckout'>>,
): string {
  // Paid by card: Stripe's webhook (or a verifier, for a card paid at an older price).
  if (row.method === 'card') return 'paid by card through Stripe';
  const robux = describeRobuxCheck(row);
  if (row.status !== 'awaiting' || !row.cardCheckout) return robux;
  const card = describeCardCheckout(row.cardCheckout);
  // No Roblox check to speak of: the card's word alone.
  return row.check === 'not_checked' ? card : `${robux}; ${card}`;
}

/** An unpaid order's card checkout, in words. */
export function describeCardCheckout(checkout: CardCheckout): string {
  switch (checkout) {
    case 'not_opened':
      return 'card link not opened yet';
    case 'open':
      return 'waiting for Stripe';
    case 'expired':
      return 'card checkout expired';
    case 'complete':
      return 'paid by card at another price: a verifier decides';
  }
}

function describeRobuxCheck(row: Pick<PaymentRow, 'check' | 'escalationReason'>): string {
  switch (row.check) {
    case 'not_checked':
      return 'not checked yet';
    case 'not_yet':
      return 'not bought yet';
    case 'owned':
      return 'bought';
    case 'private_inventory':
      return 'inventory private';
    case 'roblox_error':
      return 'Roblox error';
    case 'key_refused':
      return 'Roblox refused the key';
    case 'rate_limited':
      return 'Roblox asked to wait';
    case 'escalated':
      return `handed to a verifier: ${row.escalationReason ?? 'no reason given'}`;
  }
}

export const PAYMENT_STATE_LABELS: Record<PaymentState, string> = {
  awaiting: 'Awaiting payment',
  paid: 'Paid',
  refunded: 'Refunded',
};
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  robux: 'Robux',
  card: 'Card',
  robux_or_card: 'Robux or card',
};

/** The Overview's payment figures (last 30 days). */
export type PaymentFigures = {
  days: number;
  paid: number;
  /** Median minutes from /createpayment to paid; null with no payment in the window. */
  medianMinutesToPaid: number | null;
  /**
   * Verified with nobody pressing anything: by the Roblox check or by Stripe's webhook
   * (core/orders AUTOMATIC_VERIFIER_IDS).
   */
  automatic: number;
  byPerson: number;
};

export const PAYMENT_FIGURES_DAYS = 30;
