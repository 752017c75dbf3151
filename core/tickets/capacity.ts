/**
 * The capacity queue for staff (`GET /api/staff/tickets/capacity`): tickets waiting for a
 * channel because every ticket category holds Discord's 50, and since when the first waits.
 */
export type TicketCapacity = { waiting: number; since: string | null };

export const TICKET_CAPACITY_URL = '/api/staff/tickets/capacity';
