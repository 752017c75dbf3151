import { hasRole, type StaffMember } from '../../core/auth';
import type { Change } from '../../db/changes';

/** What a staff stream sends: which list changed and which row, never the row's contents. */
type StaffEvent = {
  type: 'application' | 'message' | 'order' | 'review' | 'payout' | 'outbox' | 'ticket';
  id: string | number;
  op: Change['op'];
  status?: string;
};

/**
 * The change as `staff` may see it, or null. Applications, messages and the outbox are for
 * leads and executives; a designer hears of their own orders and payouts only, a payment
 * verifier of every order's status (not its timeline); reviews are
 * every staff member's (the reviews list is).
 */
export function toStaffEvent(change: Change, staff: StaffMember): StaffEvent | null {
  const lead = hasRole(staff, 'lead');
  const own = lead || (hasRole(staff, 'designer') && change.designer === staff.discordId);
  const event = (type: StaffEvent['type']): StaffEvent => ({ type, id: change.id, op: change.op });
  switch (change.table) {
    case 'applications':
      return lead ? event('application') : null;
    case 'contact_messages':
      return lead ? event('message') : null;
    case 'outbox':
      return lead ? event('outbox') : null;
    // Payment verifiers watch every order's payment (the Payments page).
    case 'orders':
      return own || hasRole(staff, 'payment_verifier')
        ? { ...event('order'), ...(change.status && { status: change.status }) }
        : null;
    case 'order_events':
      return own ? event('order') : null;
    case 'payouts':
      return own ? event('payout') : null;
    case 'reviews':
      return event('review');
    // The Tickets page is every designer's (decision 047).
    case 'tickets':
      return hasRole(staff, 'designer') ? event('ticket') : null;
  }
}
