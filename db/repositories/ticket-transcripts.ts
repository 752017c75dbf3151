import { and, asc, eq, isNull } from 'drizzle-orm';
import { mentionedIds } from '../../core/tickets/discord-markdown';
import type { Executor } from '../client';
import { type TicketAttachment, ticketEvents, ticketMessages, tickets } from '../schema';
import { createPeopleRepository } from './people';

export type TranscriptMessage = {
  discordMessageId: string;
  authorDiscordId: string;
  authorName: string;
  authorIsBot: boolean;
  sentAt: Date;
  content: string;
  embedsText: string;
  attachments: TicketAttachment[];
};

type StoredTranscriptMessage = typeof ticketMessages.$inferSelect;

/** A ticket's transcript: what the close job read from its channel (decision 046). */
export function createTicketTranscriptsRepository(db: Executor) {
  const people = createPeopleRepository(db);
  return {
    /** Stores one page of messages; a message stored by an earlier run is kept as it is. */
    async storeTranscriptMessages(ticketId: number, messages: TranscriptMessage[]): Promise<void> {
      if (messages.length === 0) return;
      await db
        .insert(ticketMessages)
        .values(messages.map((message) => ({ ...message, ticketId })))
        .onConflictDoNothing();
    },

    /**
     * Every message is stored: the ticket may be reopened from now on. Once only, so a close
     * job run again records one `transcript_stored` event.
     */
    async markTranscriptStored(
      ticketId: number,
      messageCount: number,
      at = new Date(),
    ): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .update(tickets)
          .set({ transcriptStoredAt: at, updatedAt: at })
          .where(
            and(
              eq(tickets.id, ticketId),
              eq(tickets.status, 'closed'),
              isNull(tickets.transcriptStoredAt),
            ),
          )
          .returning({ id: tickets.id });
        if (!row) return;
        await tx.insert(ticketEvents).values({
          ticketId,
          type: 'transcript_stored',
          actorDiscordId: null,
          data: { messages: messageCount },
          createdAt: at,
        });
      });
    },

    /** Oldest first. A ticket reopened and closed again has one transcript of all its channels. */
    async listTranscript(ticketId: number): Promise<StoredTranscriptMessage[]> {
      return db
        .select()
        .from(ticketMessages)
        .where(eq(ticketMessages.ticketId, ticketId))
        .orderBy(asc(ticketMessages.sentAt), asc(ticketMessages.id));
    },

    /**
     * Names for the people a transcript mentions (`<@id>`), so it reads with names wherever
     * it is shown (dashboard, "Your orders", the HTML file): the names Lunar knows, else the
     * name a person wrote under in the transcript itself.
     */
    async transcriptNames(
      lines: readonly Pick<
        TranscriptMessage,
        'authorDiscordId' | 'authorName' | 'authorIsBot' | 'content' | 'embedsText'
      >[],
    ): Promise<Record<string, string>> {
      const names = await people.nameOf(
        lines.flatMap((line) => mentionedIds(`${line.content}\n${line.embedsText}`)),
      );
      for (const line of lines) {
        if (!line.authorIsBot && !names.has(line.authorDiscordId))
          names.set(line.authorDiscordId, line.authorName);
      }
      return Object.fromEntries(names);
    },
  };
}

export type TicketTranscriptsRepository = ReturnType<typeof createTicketTranscriptsRepository>;
