import type { StaffRole } from '../orders/order-status';
import { TICKET_REFUSALS as R } from './refusals';
import type { Actor, Ticket } from './ticket';
import type { TicketStatus } from './ticket-status';

/**
 * Who may do what to a ticket, and from which status (decision 046). Pure: the repository
 * locks the row, asks here, and writes the patch and its event, so a button, a slash command,
 * a dashboard route and the site all get the same answer.
 *
 * - Any designer, lead or executive claims an unclaimed ticket (not their own as customer).
 * - Only leads and executives unclaim or reassign.
 * - The claimant, a lead or an executive asks to close; only the customer confirms or keeps
 *   it open. The same staff may force-close with a reason.
 * - The customer or staff reopen a closed ticket within the window, once its transcript is
 *   stored (the old channel is archived first, so a reopen never races the close).
 * - When the studio allows it (the `tickets` site setting), the customer asks to close their
 *   own ticket; the claimant, a lead or an executive confirms (the ticket closes as a
 *   force-close would, "Closed at the customer's request") or denies. One request at a time.
 */

export type TicketCommand =
  | { type: 'claim' }
  | { type: 'unclaim' }
  | { type: 'reassign'; to: Actor }
  | { type: 'askToClose' }
  | { type: 'confirmClose' }
  | { type: 'keepOpen' }
  | { type: 'forceClose'; reason: string }
  | { type: 'warnInactive' }
  | { type: 'closeInactive' }
  | { type: 'reopen'; windowDays: number }
  /** `allowed`: the studio's setting, read when the customer asks. */
  | { type: 'customerAskToClose'; allowed: boolean }
  | { type: 'approveCustomerClose' }
  | { type: 'denyCustomerClose' };

/** The close reason when staff confirm the customer's request. */
export const CUSTOMER_CLOSE_REASON = "Closed at the customer's request";

export const TICKET_EVENT_TYPES = [
  'requested',
  'opened',
  'claimed',
  'unclaimed',
  'reassigned',
  'close_requested',
  'kept_open',
  'closed',
  'open_failed',
  'join_refused',
  'inactivity_warned',
  'reopened',
  'member_added',
  'member_removed',
  'renamed',
  'transcript_stored',
  'customer_close_requested',
  'customer_close_denied',
] as const;
export type TicketEventType = (typeof TICKET_EVENT_TYPES)[number];

type TicketPatch = Partial<
  Pick<
    Ticket,
    | 'status'
    | 'claimantDiscordId'
    | 'claimedAt'
    | 'closeRequestedBy'
    | 'closeRequestedAt'
    | 'customerCloseRequestedAt'
    | 'closedBy'
    | 'closeReason'
    | 'closedAt'
    | 'inactivityWarnedAt'
    | 'channelId'
    | 'transcriptStoredAt'
    | 'lastActivityAt'
  >
>;

type TicketDecision =
  | {
      ok: true;
      patch: TicketPatch;
      event: { type: TicketEventType; data: Record<string, unknown> };
      /** The ticket's channel must be archived and deleted (the `ticket.close` job). */
      closes?: boolean;
      /** A new channel must be made (the `ticket.open` job). */
      opens?: boolean;
      /**
       * Changed who has the ticket away from its intake's Claim button (an unclaim, a reassign
       * from /ticket or the dashboard): the `ticket_claim` job shows it on the intake and
       * announces the new designer. A claim with the button does both in its own answer.
       */
      updatesIntake?: boolean;
    }
  | { ok: false; reason: string };

const DAY_MS = 24 * 60 * 60 * 1000;
const hasAny = (actor: Actor, roles: StaffRole[]) => roles.some((role) => actor.roles.has(role));
export const isTicketStaff = (actor: Actor) => hasAny(actor, ['designer', 'lead', 'executive']);
const coversTickets = (actor: Actor) => hasAny(actor, ['lead', 'executive']);
const isClaimant = (ticket: Ticket, actor: Actor) =>
  ticket.claimantDiscordId === actor.discordId && isTicketStaff(actor);
const workingStatus = (ticket: Ticket): TicketStatus =>
  ticket.claimantDiscordId ? 'claimed' : 'open';

const refuse = (reason: string): TicketDecision => ({ ok: false, reason });

/** Refusals shared by every action on a live ticket. */
function checkLive(ticket: Ticket): string | null {
  if (ticket.status === 'closed') return R.closed(ticket);
  if (ticket.status === 'failed') return R.failed(ticket);
  return null;
}

export function decideTicket(
  ticket: Ticket,
  command: TicketCommand,
  actor: Actor,
  now: Date,
): TicketDecision {
  switch (command.type) {
    case 'claim': {
      if (!isTicketStaff(actor)) return refuse(R.staffOnly);
      const live = checkLive(ticket);
      if (live) return refuse(live);
      if (ticket.status === 'opening') return refuse(R.stillOpening(ticket));
      if (ticket.customerDiscordId === actor.discordId) return refuse(R.ownTicket);
      if (ticket.claimantDiscordId) return refuse(R.alreadyClaimed(ticket));
      return {
        ok: true,
        patch: {
          claimantDiscordId: actor.discordId,
          claimedAt: now,
          ...(ticket.status === 'open' && { status: 'claimed' }),
        },
        event: { type: 'claimed', data: {} },
      };
    }
    case 'unclaim': {
      if (!coversTickets(actor)) return refuse(R.leadsOnly);
      const live = checkLive(ticket);
      if (live) return refuse(live);
      if (!ticket.claimantDiscordId) return refuse(R.notClaimed(ticket));
      return {
        ok: true,
        patch: {
          claimantDiscordId: null,
          claimedAt: null,
          ...(ticket.status === 'claimed' && { status: 'open' }),
        },
        event: { type: 'unclaimed', data: { from: ticket.claimantDiscordId } },
        updatesIntake: true,
      };
    }
    case 'reassign': {
      if (!coversTickets(actor)) return refuse(R.leadsOnly);
      const live = checkLive(ticket);
      if (live) return refuse(live);
      if (ticket.status === 'opening') return refuse(R.stillOpening(ticket));
      if (!isTicketStaff(command.to)) return refuse(R.notADesigner);
      if (command.to.discordId === ticket.customerDiscordId) return refuse(R.ownTicket);
      if (ticket.claimantDiscordId === command.to.discordId) return refuse(R.sameClaimant(ticket));
      return {
        ok: true,
        patch: {
          claimantDiscordId: command.to.discordId,
          claimedAt: now,
          ...(ticket.status === 'open' && { status: 'claimed' }),
        },
        event: {
          type: 'reassigned',
          data: { from: ticket.claimantDiscordId, to: command.to.discordId },
        },
        updatesIntake: true,
      };
    }
    case 'askToClose': {
      const live = checkLive(ticket);
      if (live) return refuse(live);
      if (!isClaimant(ticket, actor) && !coversTickets(actor))
        return refuse(R.claimantOrLead(ticket));
      if (ticket.status === 'opening') return refuse(R.stillOpening(ticket));
      if (ticket.status === 'awaiting_customer') return refuse(R.closeAlreadyAsked(ticket));
      return {
        ok: true,
        patch: {
          status: 'awaiting_customer',
          closeRequestedBy: actor.discordId,
          closeRequestedAt: now,
        },
        event: { type: 'close_requested', data: {} },
      };
    }
    case 'confirmClose':
    case 'keepOpen': {
      if (actor.discordId !== ticket.customerDiscordId) return refuse(R.customerOnly(ticket));
      const live = checkLive(ticket);
      if (live) return refuse(live);
      if (ticket.status !== 'awaiting_customer') return refuse(R.notAwaitingCustomer(ticket));
      if (command.type === 'keepOpen') {
        return {
          ok: true,
          patch: { status: workingStatus(ticket), closeRequestedBy: null, closeRequestedAt: null },
          event: { type: 'kept_open', data: {} },
        };
      }
      return closeWith(now, actor.discordId, 'Closed after the customer confirmed', 'confirmed');
    }
    case 'customerAskToClose': {
      if (actor.discordId !== ticket.customerDiscordId) return refuse(R.customerOnly(ticket));
      const live = checkLive(ticket);
      if (live) return refuse(live);
      if (!command.allowed) return refuse(R.customerCloseOff);
      if (ticket.status === 'opening') return refuse(R.stillOpening(ticket));
      if (ticket.status === 'awaiting_customer') return refuse(R.staffAskedToClose(ticket));
      if (ticket.customerCloseRequestedAt) return refuse(R.customerCloseAlreadyAsked(ticket));
      return {
        ok: true,
        patch: { customerCloseRequestedAt: now },
        event: { type: 'customer_close_requested', data: {} },
      };
    }
    case 'approveCustomerClose':
    case 'denyCustomerClose': {
      const live = checkLive(ticket);
      if (live) return refuse(live);
      if (!isClaimant(ticket, actor) && !coversTickets(actor))
        return refuse(R.claimantOrLead(ticket));
      if (!ticket.customerCloseRequestedAt) return refuse(R.customerCloseAnswered(ticket));
      if (command.type === 'denyCustomerClose') {
        return {
          ok: true,
          patch: { customerCloseRequestedAt: null },
          event: { type: 'customer_close_denied', data: {} },
        };
      }
      return closeWith(now, actor.discordId, CUSTOMER_CLOSE_REASON, 'customer_request');
    }
    case 'forceClose': {
      const live = checkLive(ticket);
      if (live) return refuse(live);
      if (!isClaimant(ticket, actor) && !coversTickets(actor))
        return refuse(R.claimantOrLead(ticket));
      return closeWith(now, actor.discordId, command.reason, 'forced');
    }
    case 'warnInactive': {
      const live = checkLive(ticket);
      if (live) return refuse(live);
      return {
        ok: true,
        patch: { inactivityWarnedAt: now },
        event: { type: 'inactivity_warned', data: {} },
      };
    }
    case 'closeInactive': {
      const live = checkLive(ticket);
      if (live) return refuse(live);
      if (!ticket.inactivityWarnedAt || ticket.lastActivityAt > ticket.inactivityWarnedAt) {
        return refuse(R.notInactive(ticket));
      }
      return closeWith(now, null, 'Closed after no activity', 'inactive');
    }
    case 'reopen': {
      const isCustomer = actor.discordId === ticket.customerDiscordId;
      if (!isCustomer && !isClaimant(ticket, actor) && !coversTickets(actor)) {
        return refuse(R.reopenCustomerOrStaff(ticket));
      }
      if (ticket.status === 'failed') return refuse(R.failed(ticket));
      if (ticket.status !== 'closed' || !ticket.closedAt) return refuse(R.notClosed(ticket));
      if (now.getTime() - ticket.closedAt.getTime() > command.windowDays * DAY_MS) {
        return refuse(R.reopenWindowOver(ticket, command.windowDays));
      }
      if (!ticket.transcriptStoredAt) return refuse(R.transcriptPending(ticket));
      return {
        ok: true,
        patch: {
          status: 'opening',
          channelId: null,
          closedBy: null,
          closeReason: null,
          closedAt: null,
          closeRequestedBy: null,
          closeRequestedAt: null,
          customerCloseRequestedAt: null,
          inactivityWarnedAt: null,
          transcriptStoredAt: null,
          lastActivityAt: now,
        },
        event: { type: 'reopened', data: {} },
        opens: true,
      };
    }
  }
}

function closeWith(
  now: Date,
  by: string | null,
  reason: string,
  how: 'confirmed' | 'forced' | 'inactive' | 'customer_request',
): TicketDecision {
  return {
    ok: true,
    patch: { status: 'closed', closedBy: by, closeReason: reason, closedAt: now },
    event: { type: 'closed', data: { how, reason } },
    closes: true,
  };
}
