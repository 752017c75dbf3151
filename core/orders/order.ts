import type { OrderStatus, StaffRole } from './order-status';

/** A customer's review of an order; at most one per order. */
export interface OrderReview {
  rating: number;
  /** Trimmed; may be empty (a rating alone is a review). */
  comment: string;
  /** The customer agreed to show it on the public site (default no). */
  publish: boolean;
  /** An executive hid it from the public site. */
  hidden: boolean;
  /** The name a published review is signed with (first name or username); none: 'Customer'. */
  authorName?: string | null;
  byDiscordId: string;
  at: Date;
}

/**
 * One order as the state machine sees it; the database row plus its review. Prices are in
 * whole Robux and mean what the studio receives: the Robux the customer is asked to pay adds
 * Roblox's 30% fee (`priceForNet`).
 */
export interface OrderState {
  /** The ticket's id (`OrderIdSchema`). */
  id: string;
  status: OrderStatus;
  priceRobux: number;
  robloxUsername: string;
  /** The customer's Discord account when the designer named it. */
  customerDiscordId: string | null;
  designerDiscordId: string;
  ticketChannelId: string;
  createdAt: Date;
  paidAt: Date | null;
  paymentVerifiedBy: string | null;
  /** Submissions so far; the QC buttons carry the number they belong to. */
  qcAttempts: number;
  qcSubmittedBy: string | null;
  /** The work of the latest QC submission, delivered to the customer. */
  workFileUrl: string | null;
  qcPassed: boolean;
  qcReviewedBy: string | null;
  /** The latest 'Request changes' reason. */
  qcChangesReason: string | null;
  deliveredAt: Date | null;
  /** Set once by /orderlog; with `designerShareRobux` computed from the QC outcome then. */
  loggedAt: Date | null;
  designerShareRobux: number | null;
  review: OrderReview | null;
}

/** Who runs a command or presses a button. A customer has no roles. */
export interface Actor {
  discordId: string;
  roles: ReadonlySet<StaffRole>;
}

/**
 * The actor of a payment the bot verified itself on Roblox (docs/decisions/051-payments.md):
 * the timeline's `actor_discord_id` and the order's `paymentVerifiedBy`. Not a snowflake, so
 * it can never be a person.
 */
export const ROBLOX_CHECK_ACTOR_ID = 'roblox-check';

/** The actor of a card payment Stripe's signed webhook reported (paid by card, no person). */
export const STRIPE_ACTOR_ID = 'stripe';

/** The verifiers that are no person: a payment they verified was verified automatically. */
export const AUTOMATIC_VERIFIER_IDS = [ROBLOX_CHECK_ACTOR_ID, STRIPE_ACTOR_ID] as const;

/** Who verified a payment, as a message names them. */
export function describeVerifier(id: string): string {
  if (id === ROBLOX_CHECK_ACTOR_ID) return 'the automatic Roblox check';
  if (id === STRIPE_ACTOR_ID) return 'Stripe (paid by card)';
  return `<@${id}>`;
}
