import { type Ticket, ticketName } from '../../core/tickets';
import type { TicketDiscord } from './ticket-discord';

/** The marker in the channel's topic that finds it again after a crash. */
export const ticketTopic = (ticket: Ticket) =>
  `Lunar ${ticketName(ticket.id)} · ${ticket.serviceLabel}`.slice(0, 1024);

/**
 * The ticket's channel found by its name and topic: the one an open job made before a crash,
 * or while the ticket was being closed, so no ticket channel outlives its row's knowledge.
 */
export async function findTicketChannel(
  discord: TicketDiscord,
  guildId: string,
  ticket: Ticket,
): Promise<string | null> {
  const topic = ticketTopic(ticket);
  const channels = await discord.listGuildChannels(guildId);
  return (
    channels.find((channel) => channel.topic === topic && channel.name === ticketName(ticket.id))
      ?.id ?? null
  );
}
