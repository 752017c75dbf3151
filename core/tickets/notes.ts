import { z } from 'zod';
import type { StaffRole } from '../auth/roles';
import { text } from '../shared/text';
import { seesTicket, workScopeOf } from '../staff/work-scope';
import type { TicketStatus } from './ticket-status';

// Staff-only notes on a ticket (issue 33, decision 046): written in the dashboard or with
// `/ticket note` (answered ephemerally), kept in their own table, shown only on the dashboard's
// ticket page. Never in the channel, so never in the transcript, the customer's "Your orders"
// or the close DM.

/** As long as a Discord message, so a note can be quoted in one if ever needed. */
export const TICKET_NOTE_MAX = 2000;

export const TicketNoteTextSchema = text('Note', { max: TICKET_NOTE_MAX, min: 1 });
export const TicketNoteInputSchema = z.object({ text: TicketNoteTextSchema });

/** One note as the dashboard shows it. */
export type TicketNote = {
  id: number;
  authorDiscordId: string;
  authorName: string | null;
  text: string;
  /** Where it was written: the dashboard or `/ticket note` in Discord. */
  via: TicketNoteSource;
  createdAt: Date | string;
};

export const TICKET_NOTE_SOURCES = ['dashboard', 'discord'] as const;
export type TicketNoteSource = (typeof TICKET_NOTE_SOURCES)[number];

/**
 * Who reads and writes a ticket's notes: whoever may see the ticket in the dashboard
 * (core/staff/work-scope.ts): leads and executives every ticket, a designer the tickets they
 * claimed and the live ones nobody claimed, nobody else. The customer never, even if staff.
 */
export function mayUseTicketNotes(
  staff: { discordId: string; roles: readonly StaffRole[] },
  ticket: { status: TicketStatus; claimantDiscordId: string | null; customerDiscordId: string },
): boolean {
  if (staff.discordId === ticket.customerDiscordId) return false;
  return seesTicket(workScopeOf(staff), ticket);
}

export const TICKET_NOTE_REFUSALS = {
  notAllowed: (name: string) =>
    `Only the designer who claimed ${name}, a lead designer or an executive can read or add its notes.`,
} as const;
