import { type OrderCommand, type OrderCommandInput, OrderCommandSchema } from './commands';
import { firstIssueMessage } from './options';
import type { Actor, OrderState } from './order';
import type { OrderEvent, OrderEventOf, OrderEventType } from './order-events';
import {
  checkCreatePayment,
  checkDeliver,
  checkDeliverWithoutQc,
  checkLogOrder,
  checkQcDecision,
  checkReview,
  checkSetReviewHidden,
  checkSubmitQc,
  checkUpdatePayment,
  checkVerifyPayment,
} from './order-rules';
import { REFUSALS } from './refusals';
import { designerShare, sharePercent } from './share';

/**
 * The order state machine (DESIGN.md "Orders in Discord"). Transitions, by command:
 *
 * | command         | from                                              | to                   | who                                      |
 * | --------------- | ------------------------------------------------- | -------------------- | ---------------------------------------- |
 * | createPayment   | (no order)                                        | awaiting_payment     | designer, lead, executive (= designer)   |
 * | createPayment   | awaiting_payment (same ticket channel)            | awaiting_payment     | order's designer, lead, executive        |
 * | verifyPayment   | awaiting_payment                                  | paid                 | payment verifier, executive; not own     |
 * | submitQc        | paid, qc_changes_requested                        | in_qc (attempt + 1)  | order's designer, lead, executive        |
 * | approveQc       | in_qc (latest attempt)                            | qc_passed            | lead; not the designer or submitter      |
 * | requestChanges  | in_qc (latest attempt)                            | qc_changes_requested | lead; not the designer or submitter      |
 * | deliver         | qc_passed                                         | delivered            | order's designer, lead, executive        |
 * | deliver         | logged or reviewed, QC passed, never delivered    | (unchanged)          | order's designer, lead, executive        |
 * |                 | (logged before decision 043)                      |                      |                                          |
 * | deliverWithout- | paid (never sent to QC; confirmed from /orderlog, | delivered            | order's designer, lead, executive        |
 * |   Qc            | which logs it at once with the 80% share)         |                      |                                          |
 * | logOrder        | delivered                                         | logged               | order's designer, lead, executive        |
 * | logOrder        | reviewed (not yet logged)                         | reviewed             | order's designer, lead, executive        |
 * | review          | delivered, logged                                 | reviewed             | the customer; else anyone in the ticket  |
 * |                 |                                                   |                      | channel but the designer                 |
 * | setReviewHidden | any status with a review                          | (unchanged)          | executive                                |
 *
 * Everything else is refused with an ephemeral reason (refusals.ts) and changes nothing. An
 * order is logged only once delivered (decision 043): /orderlog before delivery says what to
 * do first (Deliver, the requested changes, or the confirmation to deliver without QC).
 */
export type Decision =
  | {
      ok: true;
      /** The whole order after the command. */
      next: OrderState;
      /** Only the fields that changed (all of them for a new order): what to UPDATE. */
      patch: Partial<OrderState>;
      /** What to append to the order's timeline, in order. Empty when nothing changed. */
      events: OrderEvent[];
    }
  | { ok: false /** Ephemeral, user-facing; nothing changed. */; reason: string };

interface Change {
  next: OrderState;
  events: OrderEvent[];
}

/**
 * The order state machine: what `command` by `actor` at `at` does to `order` (null when no order
 * with that id exists yet). Pure: no clock, no I/O. Persist `patch` guarded by the status read
 * (`WHERE status = order.status`) so two clicks at once cannot both apply.
 */
export function decide(
  order: OrderState | null,
  input: OrderCommandInput,
  actor: Actor,
  at: Date,
): Decision {
  const parsed = OrderCommandSchema.safeParse(input);
  if (!parsed.success) return { ok: false, reason: firstIssueMessage(parsed.error) };
  const command = parsed.data;
  if (order && order.id !== command.orderId) {
    throw new Error(`order ${order.id} given for a command on ${command.orderId}`);
  }
  const event = <K extends OrderEventType>(type: K, data: OrderEventOf<K>['data']) =>
    ({ orderId: command.orderId, type, actorDiscordId: actor.discordId, at, data }) as OrderEvent;

  if (!order) {
    if (command.type !== 'createPayment') {
      return { ok: false, reason: REFUSALS.unknownOrder(command.orderId) };
    }
    const refusal =
      checkCreatePayment(actor) ??
      (command.customerDiscordId === actor.discordId ? REFUSALS.customerIsDesigner : null);
    if (refusal) return { ok: false, reason: refusal };
    const next = createOrder(command, actor, at);
    const created = event('order_created', {
      priceRobux: next.priceRobux,
      robloxUsername: next.robloxUsername,
      customerDiscordId: next.customerDiscordId,
      designerDiscordId: next.designerDiscordId,
      ticketChannelId: next.ticketChannelId,
    });
    return { ok: true, next, patch: { ...next }, events: [created] };
  }

  const result = apply(order, command, actor, at, event);
  if (typeof result === 'string') return { ok: false, reason: result };
  return { ok: true, next: result.next, patch: diff(order, result.next), events: result.events };
}

const is = (order: OrderState, ...statuses: OrderState['status'][]) =>
  statuses.includes(order.status);

type MakeEvent = <K extends OrderEventType>(type: K, data: OrderEventOf<K>['data']) => OrderEvent;

function apply(
  order: OrderState,
  command: OrderCommand,
  actor: Actor,
  at: Date,
  event: MakeEvent,
): Change | string {
  switch (command.type) {
    case 'createPayment': {
      const customerDiscordId = command.customerDiscordId ?? order.customerDiscordId;
      const refusal =
        checkUpdatePayment(order, command, actor) ??
        (customerDiscordId === order.designerDiscordId ? REFUSALS.customerIsDesigner : null);
      if (refusal) return refusal;
      const next = {
        ...order,
        priceRobux: command.price,
        robloxUsername: command.robloxUsername,
        customerDiscordId,
      };
      const changes = {
        ...changed(order, next, 'priceRobux'),
        ...changed(order, next, 'robloxUsername'),
        ...changed(order, next, 'customerDiscordId'),
      };
      const events = Object.keys(changes).length ? [event('order_updated', { changes })] : [];
      return { next, events };
    }
    case 'verifyPayment':
      return (
        checkVerifyPayment(order, actor) ?? {
          next: { ...order, status: 'paid', paidAt: at, paymentVerifiedBy: actor.discordId },
          events: [
            event('payment_verified', command.cardAmount ? { cardAmount: command.cardAmount } : {}),
          ],
        }
      );
    case 'submitQc': {
      const attempt = order.qcAttempts + 1;
      const fileUrl = command.fileUrl ?? null;
      return (
        checkSubmitQc(order, actor) ?? {
          next: {
            ...order,
            status: 'in_qc',
            qcAttempts: attempt,
            qcSubmittedBy: actor.discordId,
            // A resubmission without a file must not deliver the previous, outdated file.
            workFileUrl: fileUrl,
            qcPassed: false,
            qcReviewedBy: null,
            qcChangesReason: null,
          },
          events: [event('qc_submitted', { attempt, fileUrl })],
        }
      );
    }
    case 'approveQc':
      return (
        checkQcDecision(order, command, actor) ?? {
          next: { ...order, status: 'qc_passed', qcPassed: true, qcReviewedBy: actor.discordId },
          events: [event('qc_approved', { attempt: command.attempt })],
        }
      );
    case 'requestChanges':
      return (
        checkQcDecision(order, command, actor) ?? {
          next: {
            ...order,
            status: 'qc_changes_requested',
            qcPassed: false,
            qcReviewedBy: actor.discordId,
            qcChangesReason: command.reason,
          },
          events: [
            event('qc_changes_requested', { attempt: command.attempt, reason: command.reason }),
          ],
        }
      );
    case 'deliver':
    case 'deliverWithoutQc': {
      const withoutQc = command.type === 'deliverWithoutQc';
      const refusal = withoutQc ? checkDeliverWithoutQc(order, actor) : checkDeliver(order, actor);
      if (refusal) return refusal;
      // A logged order the old rules left undelivered keeps its status (order-rules.ts).
      const status = is(order, 'qc_passed', 'paid') ? 'delivered' : order.status;
      return {
        next: { ...order, status, deliveredAt: at },
        events: [
          event('delivered', {
            route: order.customerDiscordId ? 'dm' : 'ticket_channel',
            fileUrl: order.workFileUrl,
            ...(withoutQc && { withoutQc }),
          }),
        ],
      };
    }
    case 'logOrder': {
      const refusal = checkLogOrder(order, actor);
      if (refusal) return refusal;
      const share = designerShare(order.priceRobux, order.qcPassed);
      return {
        next: {
          ...order,
          status: order.status === 'reviewed' ? 'reviewed' : 'logged',
          loggedAt: at,
          designerShareRobux: share,
        },
        events: [
          event('order_logged', {
            priceRobux: order.priceRobux,
            qcPassed: order.qcPassed,
            sharePercent: sharePercent(order.qcPassed),
            designerShareRobux: share,
            deliveredByBot: order.deliveredAt !== null,
          }),
        ],
      };
    }
    case 'review': {
      const { rating, comment, publish, authorName = null } = command;
      return (
        checkReview(order, command, actor) ?? {
          next: {
            ...order,
            status: 'reviewed',
            review: {
              rating,
              comment,
              publish,
              hidden: false,
              authorName,
              byDiscordId: actor.discordId,
              at,
            },
          },
          events: [event('reviewed', { rating, publish })],
        }
      );
    }
    case 'setReviewHidden': {
      const refusal = checkSetReviewHidden(order, command, actor);
      if (refusal || !order.review) return refusal ?? REFUSALS.noReview(order);
      return {
        next: { ...order, review: { ...order.review, hidden: command.hidden } },
        events: [event(command.hidden ? 'review_hidden' : 'review_shown', {})],
      };
    }
  }
}

function createOrder(
  command: Extract<OrderCommand, { type: 'createPayment' }>,
  actor: Actor,
  at: Date,
): OrderState {
  return {
    id: command.orderId,
    status: 'awaiting_payment',
    priceRobux: command.price,
    robloxUsername: command.robloxUsername,
    customerDiscordId: command.customerDiscordId ?? null,
    designerDiscordId: actor.discordId,
    ticketChannelId: command.ticketChannelId,
    createdAt: at,
    paidAt: null,
    paymentVerifiedBy: null,
    qcAttempts: 0,
    qcSubmittedBy: null,
    workFileUrl: null,
    qcPassed: false,
    qcReviewedBy: null,
    qcChangesReason: null,
    deliveredAt: null,
    loggedAt: null,
    designerShareRobux: null,
    review: null,
  };
}

function changed<K extends 'priceRobux' | 'robloxUsername' | 'customerDiscordId'>(
  before: OrderState,
  after: OrderState,
  key: K,
) {
  return before[key] === after[key] ? {} : { [key]: { from: before[key], to: after[key] } };
}

function diff(before: OrderState, after: OrderState): Partial<OrderState> {
  const patch: Partial<Record<keyof OrderState, unknown>> = {};
  for (const key of Object.keys(after) as (keyof OrderState)[]) {
    if (before[key] !== after[key]) patch[key] = after[key];
  }
  return patch as Partial<OrderState>;
}
