import { z } from 'zod';
import { FacetParamSchema, ListQuerySchema } from '../shared/list-page';

// The dashboard's Payments list (issue 31), for payment verifiers and executives: orders
// awaiting payment and those paid, with the automatic check's last word. It follows the list
// contract of core/shared/list-page.ts.

/** Where the order's payment stands; `refunded` joins once refunds are recorded. */
export const PAYMENT_STATES = ['awaiting', 'paid'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** How the customer pays: Robux by default; card once the order has a card payment link. */
export const PAYMENT_METHODS = ['robux', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

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
  /** The card amount in minor units with its currency, for an order paid by card. */
  cardAmount: { minor: number; currency: string } | null;
  lastCheckAt: string | null;
  check: PaymentCheck;
  /** Why a verifier was asked, in words ("Cara_R's inventory is private"). */
  escalationReason: string | null;
  paidAt: string | null;
  /** Who verified it: a Discord id, or the automatic check's actor id. */
  verifiedBy: string | null;
  createdAt: string;
};

/** The check's last word as the Payments page says it. */
export function describePaymentCheck(row: Pick<PaymentRow, 'check' | 'escalationReason'>): string {
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
};
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  robux: 'Robux',
  card: 'Card',
};

/** The Overview's payment figures (last 30 days). */
export type PaymentFigures = {
  days: number;
  paid: number;
  /** Median minutes from /createpayment to paid; null with no payment in the window. */
  medianMinutesToPaid: number | null;
  /** Verified by the Roblox check or the card provider, with nobody pressing anything. */
  automatic: number;
  byPerson: number;
};

export const PAYMENT_FIGURES_DAYS = 30;
