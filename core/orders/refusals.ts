import { describeVerifier, type OrderState } from './order';
import { ORDER_STATUS_LABELS } from './order-status';
import { PAYMENT_FIRST_GUIDE, PAYMENT_FIRST_TITLE } from './payment-first';

/**
 * The ephemeral answers to a refused command. Mentions render as names for the reader; the bot
 * sends ephemeral answers with `allowed_mentions: { parse: [] }`, so they never ping.
 */

const user = (id: string) => `<@${id}>`;
const channel = (id: string) => `<#${id}>`;
const status = (order: OrderState) => ORDER_STATUS_LABELS[order.status].toLowerCase();

export const REFUSALS = {
  unknownOrder: (orderId: string) =>
    `There is no order ${orderId}. A designer creates it with /createpayment in the ticket.`,
  /** The staff guides' 'Payment First' card, for any step that needs a verified payment. */
  paymentFirst: (order: OrderState) =>
    `${PAYMENT_FIRST_TITLE}: order ${order.id} is not paid yet. ${PAYMENT_FIRST_GUIDE}`,

  designersOnly: 'Only designers can create payments.',
  otherDesigner: (order: OrderState) =>
    `Order ${order.id} belongs to ${user(order.designerDiscordId)}. Only they, a lead designer or an executive can do this.`,
  otherTicket: (order: OrderState) =>
    `Order ${order.id} belongs to the ticket ${channel(order.ticketChannelId)}. Run the command there.`,
  customerIsDesigner: 'You cannot be the customer of your own order.',
  alreadyPaid: (order: OrderState) =>
    `Order ${order.id} is already paid, so its payment can no longer be changed. Ask an executive if it must.`,

  verifiersOnly: 'Only payment verifiers and executives can verify payments.',
  ownPayment:
    'You cannot verify the payment of your own order; another verifier or an executive must.',
  alreadyVerified: (order: OrderState) =>
    `The payment of order ${order.id} was already verified${order.paymentVerifiedBy ? ` by ${describeVerifier(order.paymentVerifiedBy)}` : ''}.`,

  awaitingQc: (order: OrderState) =>
    `Order ${order.id} is already waiting for quality control. Wait for a lead designer's decision.`,
  qcAlreadyPassed: (order: OrderState) =>
    `Order ${order.id} already passed quality control. Deliver it with the Deliver button.`,
  qcClosed: (order: OrderState) =>
    `Order ${order.id} is already ${status(order)}, so it cannot go back to quality control.`,

  leadsOnly: 'Only lead designers can approve work or request changes.',
  ownWork: 'You cannot review your own work; another lead designer must.',
  staleQc: (order: OrderState) =>
    `This quality-control request for order ${order.id} is out of date. Use the latest one.`,
  notInQc: (order: OrderState) =>
    `Order ${order.id} is not waiting for quality control; it is ${status(order)}.`,

  deliverNeedsQc: (order: OrderState) =>
    `Order ${order.id} has not passed quality control yet. Submit it with /qualitycontrol first, or deliver it without QC (80% share) from /orderlog.`,
  changesRequested: (order: OrderState) =>
    `A lead designer asked for changes to order ${order.id}. Apply them and submit it again with /qualitycontrol; it is delivered and logged once it passes.`,
  alreadyDelivered: (order: OrderState) => `Order ${order.id} is already ${status(order)}.`,

  logDuringQc: (order: OrderState) =>
    `Order ${order.id} is waiting for quality control. Log it once a lead designer has decided and it is delivered, so your share is right.`,
  logBeforeDeliver: (order: OrderState) =>
    `Order ${order.id} passed quality control but is not delivered yet. Press Deliver under the QC notice in ${channel(order.ticketChannelId)} first, then log it.`,
  logWithoutDelivery: (order: OrderState) =>
    `Order ${order.id} has not been delivered. Submit it with /qualitycontrol (90% share once it passes), or deliver it without QC (80% share) with the button /orderlog offers.`,
  alreadyLogged: (order: OrderState) => `Order ${order.id} is already logged.`,

  reviewBeforeDelivery: (order: OrderState) =>
    `Order ${order.id} has not been delivered yet. You can review it once you have received your order.`,
  alreadyReviewed: (order: OrderState) =>
    `Order ${order.id} already has a review. Thank you for your feedback!`,
  customerOnly: (order: OrderState) => `Only the customer of order ${order.id} can review it.`,
  reviewInTicket: (order: OrderState) =>
    `Run /review in the ticket of order ${order.id}: ${channel(order.ticketChannelId)}.`,
  ownOrderReview: 'You cannot review your own order.',

  executivesOnly: 'Only executives can hide or show reviews.',
  noReview: (order: OrderState) => `Order ${order.id} has no review.`,
  reviewAlready: (order: OrderState, hidden: boolean) =>
    `The review of order ${order.id} is already ${hidden ? 'hidden' : 'shown'}.`,
} as const;
