import type { OrderCommandOf } from './commands';
import type { Actor, OrderState } from './order';
import type { OrderStatus, StaffRole } from './order-status';
import { REFUSALS } from './refusals';

/**
 * Who may do what, and from which status. Each rule reads only the order, the actor and the
 * command's addressing fields (`attempt`, `channelId`), so the bot can ask before opening a
 * modal (`checkBeforeModal`) and get the same answer the submission would.
 *
 * Decisions (see the report / docs/decisions):
 * - The order's designer acts on it; a lead designer or an executive may too (the staff guide:
 *   "tell your Lead designer in advance so your tickets can be covered"). Any other designer is
 *   refused. The share still goes to the order's designer.
 * - Nobody approves their own work or verifies the payment of their own order.
 * - QC buttons are for leads only (DESIGN.md), not executives without the lead role.
 */

type Refusal = string | null;

const hasAny = (actor: Actor, roles: StaffRole[]) => roles.some((role) => actor.roles.has(role));
const isStaffDesigner = (actor: Actor) => hasAny(actor, ['designer', 'lead', 'executive']);
const covers = (actor: Actor) => hasAny(actor, ['lead', 'executive']);
const is = (order: OrderState, ...statuses: OrderStatus[]) => statuses.includes(order.status);

/** The order's designer (still on staff), or a lead designer or executive covering for them. */
function checkWorksOnOrder(order: OrderState, actor: Actor): Refusal {
  if (covers(actor)) return null;
  if (actor.discordId === order.designerDiscordId && isStaffDesigner(actor)) return null;
  return REFUSALS.otherDesigner(order);
}

export function checkCreatePayment(actor: Actor): Refusal {
  return isStaffDesigner(actor) ? null : REFUSALS.designersOnly;
}

export function checkUpdatePayment(
  order: OrderState,
  command: Pick<OrderCommandOf<'createPayment'>, 'ticketChannelId'>,
  actor: Actor,
): Refusal {
  const refusal = checkCreatePayment(actor) ?? checkWorksOnOrder(order, actor);
  if (refusal) return refusal;
  if (command.ticketChannelId !== order.ticketChannelId) return REFUSALS.otherTicket(order);
  return is(order, 'awaiting_payment') ? null : REFUSALS.alreadyPaid(order);
}

export function checkVerifyPayment(order: OrderState, actor: Actor): Refusal {
  if (!hasAny(actor, ['payment_verifier', 'executive'])) return REFUSALS.verifiersOnly;
  if (actor.discordId === order.designerDiscordId) return REFUSALS.ownPayment;
  return is(order, 'awaiting_payment') ? null : REFUSALS.alreadyVerified(order);
}

export function checkSubmitQc(order: OrderState, actor: Actor): Refusal {
  const refusal = checkWorksOnOrder(order, actor);
  if (refusal) return refusal;
  if (is(order, 'awaiting_payment')) return REFUSALS.paymentFirst(order);
  if (is(order, 'in_qc')) return REFUSALS.awaitingQc(order);
  if (is(order, 'qc_passed')) return REFUSALS.qcAlreadyPassed(order);
  if (is(order, 'paid', 'qc_changes_requested')) return null;
  return REFUSALS.qcClosed(order);
}

/** Approve and Request changes: the same rule, for the submission `attempt` on the buttons. */
export function checkQcDecision(
  order: OrderState,
  command: { attempt: number },
  actor: Actor,
): Refusal {
  if (!actor.roles.has('lead')) return REFUSALS.leadsOnly;
  if (actor.discordId === order.designerDiscordId || actor.discordId === order.qcSubmittedBy) {
    return REFUSALS.ownWork;
  }
  if (!is(order, 'in_qc')) return REFUSALS.notInQc(order);
  return command.attempt === order.qcAttempts ? null : REFUSALS.staleQc(order);
}

/**
 * An order logged before decision 043 straight from `qc_passed` never reached its customer:
 * its Deliver button still delivers it (the status stays `logged` or `reviewed`).
 */
const loggedUndelivered = (order: OrderState) =>
  is(order, 'logged', 'reviewed') && order.deliveredAt === null && order.qcPassed;

/** The Deliver button under the QC-passed notice: QC passed is required. */
export function checkDeliver(order: OrderState, actor: Actor): Refusal {
  const refusal = checkWorksOnOrder(order, actor);
  if (refusal) return refusal;
  if (is(order, 'awaiting_payment')) return REFUSALS.paymentFirst(order);
  if (is(order, 'in_qc')) return REFUSALS.awaitingQc(order);
  if (is(order, 'paid')) return REFUSALS.deliverNeedsQc(order);
  if (is(order, 'qc_changes_requested')) return REFUSALS.changesRequested(order);
  return is(order, 'qc_passed') || loggedUndelivered(order)
    ? null
    : REFUSALS.alreadyDelivered(order);
}

/**
 * Delivery without QC (decision 043): only work never sent to quality control, and only
 * through /orderlog's confirmation, which logs it at 80% at once. Once QC has been asked, the
 * lead's decision stands: requested changes are made and submitted again, not skipped.
 */
export function checkDeliverWithoutQc(order: OrderState, actor: Actor): Refusal {
  const refusal = checkWorksOnOrder(order, actor);
  if (refusal) return refusal;
  if (is(order, 'awaiting_payment')) return REFUSALS.paymentFirst(order);
  if (is(order, 'in_qc')) return REFUSALS.awaitingQc(order);
  if (is(order, 'qc_passed')) return REFUSALS.qcAlreadyPassed(order);
  if (is(order, 'qc_changes_requested')) return REFUSALS.changesRequested(order);
  return is(order, 'paid') ? null : REFUSALS.alreadyDelivered(order);
}

/**
 * /orderlog (decision 043): an order is logged only once delivered, so every order reaches
 * its customer before it counts towards a payout. Delivered after QC passed: 90%; delivered
 * without QC (confirmed from /orderlog): 80%. A review may come before the log; such an order
 * stays `reviewed` when it is logged.
 */
export function checkLogOrder(order: OrderState, actor: Actor): Refusal {
  const refusal = checkWorksOnOrder(order, actor);
  if (refusal) return refusal;
  if (order.loggedAt !== null) return REFUSALS.alreadyLogged(order);
  if (is(order, 'awaiting_payment')) return REFUSALS.paymentFirst(order);
  if (is(order, 'in_qc')) return REFUSALS.logDuringQc(order);
  if (is(order, 'qc_passed')) return REFUSALS.logBeforeDeliver(order);
  if (is(order, 'qc_changes_requested')) return REFUSALS.changesRequested(order);
  if (is(order, 'paid')) return REFUSALS.logWithoutDelivery(order);
  return null;
}

/**
 * Whether /orderlog should offer to deliver the order without QC (and log it at 80%) instead
 * of refusing: work never sent to QC, by someone who may deliver it.
 */
export function offersDeliveryWithoutQc(order: OrderState, actor: Actor): boolean {
  return order.loggedAt === null && checkDeliverWithoutQc(order, actor) === null;
}

/**
 * /review: the customer when recorded (anywhere); otherwise anyone in the ticket channel except
 * the order's designer. After delivery (by the bot, or logged after delivery outside it); once.
 */
export function checkReview(
  order: OrderState,
  command: { channelId: string },
  actor: Actor,
): Refusal {
  if (order.customerDiscordId !== null) {
    if (actor.discordId !== order.customerDiscordId) return REFUSALS.customerOnly(order);
  } else {
    if (actor.discordId === order.designerDiscordId) return REFUSALS.ownOrderReview;
    if (command.channelId !== order.ticketChannelId) return REFUSALS.reviewInTicket(order);
  }
  if (order.review !== null || is(order, 'reviewed')) return REFUSALS.alreadyReviewed(order);
  return is(order, 'delivered', 'logged') ? null : REFUSALS.reviewBeforeDelivery(order);
}

export function checkSetReviewHidden(
  order: OrderState,
  command: { hidden: boolean },
  actor: Actor,
): Refusal {
  if (!actor.roles.has('executive')) return REFUSALS.executivesOnly;
  if (order.review === null) return REFUSALS.noReview(order);
  return order.review.hidden === command.hidden
    ? REFUSALS.reviewAlready(order, command.hidden)
    : null;
}

/** What a modal's submission will need to know before the bot opens the modal. */
type ModalIntent =
  | { type: 'requestChanges'; orderId: string; attempt: number }
  | { type: 'review'; orderId: string; channelId: string };

/**
 * The refusal the modal's submission would get (unknown order, wrong person, wrong state), or
 * null: the bot asks this before showing the Request changes or /review modal, so nobody types
 * a reason or review only to be refused. `decide` checks again on submit.
 */
export function checkBeforeModal(
  order: OrderState | null,
  intent: ModalIntent,
  actor: Actor,
): string | null {
  if (!order) return REFUSALS.unknownOrder(intent.orderId);
  return intent.type === 'review'
    ? checkReview(order, intent, actor)
    : checkQcDecision(order, intent, actor);
}
