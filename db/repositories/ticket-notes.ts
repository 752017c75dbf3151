import { asc, eq } from 'drizzle-orm';
import type { TicketNote, TicketNoteSource } from '../../core/tickets/notes';
import type { Executor } from '../client';
import { ticketNotes } from '../schema';
import { createPeopleRepository } from './people';

// Staff-only notes on a ticket (core/tickets/notes.ts). Who may read or write them is the
// caller's check (mayUseTicketNotes); here they are stored and read, oldest first, named.

export function createTicketNotesRepository(db: Executor) {
  const people = createPeopleRepository(db);

  return {
    /** `text` already checked by `TicketNoteTextSchema`. */
    async addNote(
      ticketId: number,
      authorDiscordId: string,
      text: string,
      via: TicketNoteSource,
      at = new Date(),
    ): Promise<TicketNote> {
      const [row] = await db
        .insert(ticketNotes)
        .values({ ticketId, authorDiscordId, body: text, via, createdAt: at })
        .returning();
      if (!row) throw new Error(`ticket note insert returned nothing for ${ticketId}`);
      const names = await people.nameOf([authorDiscordId]);
      return toNote(row, names.get(authorDiscordId) ?? null);
    },

    async listNotes(ticketId: number): Promise<TicketNote[]> {
      const rows = await db
        .select()
        .from(ticketNotes)
        .where(eq(ticketNotes.ticketId, ticketId))
        .orderBy(asc(ticketNotes.createdAt), asc(ticketNotes.id));
      const names = await people.nameOf(rows.map((row) => row.authorDiscordId));
      return rows.map((row) => toNote(row, names.get(row.authorDiscordId) ?? null));
    },
  };
}

function toNote(row: typeof ticketNotes.$inferSelect, authorName: string | null): TicketNote {
  return {
    id: row.id,
    authorDiscordId: row.authorDiscordId,
    authorName,
    text: row.body,
    via: row.via,
    createdAt: row.createdAt,
  };
}
