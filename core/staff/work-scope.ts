import { hasRole, type StaffRole } from '../auth/roles';
import type { TicketStatus } from '../tickets/ticket-status';

// Whose tickets and orders a staff member sees in the dashboard (DESIGN.md "Payments": "a
// designer sees their own orders and tickets plus the unclaimed tickets they may claim; leads
// and executives see everything"). The one rule: the tickets and orders routes ask here, and the
// repositories turn the same scope into SQL (db/repositories/work-scope.ts), so a list, a
// detail, a transcript and an action never disagree about what a designer may read.
//
// Designers have no services of their own in this studio (every designer's Discord role sees
// every new ticket channel and may claim any unclaimed ticket, core/tickets/rules.ts), so the
// unclaimed tickets they may claim are all live unclaimed tickets.

export type WorkScope =
  /** Leads and executives: every ticket and order. */
  | { kind: 'all' }
  /** Designers: what they claimed or design, and live tickets nobody claimed yet. */
  | { kind: 'designer'; discordId: string }
  /** Everyone else (a payment verifier, plain staff): neither tickets nor orders. */
  | { kind: 'none' };

export function workScopeOf(staff: { discordId: string; roles: readonly StaffRole[] }): WorkScope {
  if (hasRole(staff, 'lead')) return { kind: 'all' };
  if (hasRole(staff, 'designer')) return { kind: 'designer', discordId: staff.discordId };
  return { kind: 'none' };
}

/** A ticket a designer may still claim: live, and nobody's. */
export const isClaimable = (ticket: { status: TicketStatus; claimantDiscordId: string | null }) =>
  ticket.claimantDiscordId === null && ticket.status !== 'closed';

export function seesTicket(
  scope: WorkScope,
  ticket: { status: TicketStatus; claimantDiscordId: string | null },
): boolean {
  if (scope.kind === 'all') return true;
  if (scope.kind === 'none') return false;
  return ticket.claimantDiscordId === scope.discordId || isClaimable(ticket);
}

export function seesOrder(scope: WorkScope, order: { designerDiscordId: string }): boolean {
  if (scope.kind === 'all') return true;
  if (scope.kind === 'none') return false;
  return order.designerDiscordId === scope.discordId;
}
