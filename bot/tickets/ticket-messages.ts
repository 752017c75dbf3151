import type { Message } from 'discord.js';
import { isPersonMessage } from '../../core/tickets/replies';
import type { Database } from '../../db/client';
import { createPeopleRepository } from '../../db/repositories/people';
import { createTicketsRepository } from '../../db/repositories/tickets';
import type { Log } from '../log';
import { personOfMessage } from '../people';

/** A database outage fails every message: one warning a minute says so, not one per message. */
const WARN_EVERY_MS = 60_000;

/**
 * The bot's `messageCreate` (decision 046, "Replies"): a person's message in a live ticket's
 * channel records on the ticket whether its customer or someone else wrote last, for the
 * dashboard's "Waiting for a reply", and remembers the author's name (customers who only
 * write in their ticket are then named, not shown as ids). Messages of bots (Lunar's own),
 * webhooks and Discord's notices are nobody's reply: they cost nothing. Any other message
 * costs one indexed UPDATE that matches no ticket. The text is never read: the gateway sends
 * it empty without the Message Content intent, which the bot does not ask for.
 */
export function createTicketMessageRecorder(deps: { db: Database; log: Log; guildId: string }) {
  const tickets = createTicketsRepository(deps.db);
  const people = createPeopleRepository(deps.db);
  let failures = 0;
  let warnedAt = 0;

  function failed(error: unknown, channelId: string): void {
    failures += 1;
    const now = Date.now();
    if (now - warnedAt < WARN_EVERY_MS) return;
    deps.log.warn({ err: error, channelId, failures }, 'recording a ticket message failed');
    warnedAt = now;
    failures = 0;
  }

  return async (message: Message): Promise<void> => {
    if (message.guildId !== deps.guildId) return;
    const person = isPersonMessage({
      authorIsBot: message.author.bot,
      authorIsSystem: Boolean(message.author.system),
      webhookId: message.webhookId,
      type: message.type,
    });
    if (!person) return;
    try {
      const recorded = await tickets.recordTicketMessage({
        channelId: message.channelId,
        authorDiscordId: message.author.id,
        at: message.createdAt,
      });
      if (recorded !== null) await people.remember(personOfMessage(message));
    } catch (error) {
      failed(error, message.channelId);
    }
  };
}
