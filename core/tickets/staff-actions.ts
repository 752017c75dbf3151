import type { Actor } from '../orders/order';
import { decideTicket } from './rules';
import type { Ticket } from './ticket';

// What the dashboard offers a member on a ticket: exactly the actions the rules would accept
// from them now, asked of decideTicket itself, so a button is never shown that the server would
// refuse (and never hidden from someone it would accept).

export const TICKET_STAFF_ACTIONS = ['reassign', 'forceClose'] as const;
export type TicketStaffAction = (typeof TICKET_STAFF_ACTIONS)[number];

/**
 * Reassign is asked with a stand-in designer who is neither the claimant nor the customer:
 * whether the actor may reassign at all. Who it goes to is checked when it is done.
 */
const SOMEONE_ELSE: Actor = { discordId: '0', roles: new Set(['designer']) };

export function ticketStaffActions(
  ticket: Ticket,
  actor: Actor,
  now = new Date(),
): TicketStaffAction[] {
  const allowed = {
    reassign: decideTicket(ticket, { type: 'reassign', to: SOMEONE_ELSE }, actor, now).ok,
    forceClose: decideTicket(ticket, { type: 'forceClose', reason: 'asked' }, actor, now).ok,
  };
  return TICKET_STAFF_ACTIONS.filter((action) => allowed[action]);
}
