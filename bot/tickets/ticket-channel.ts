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
  return matchTicketChannel(await discord.listGuildChannels(guildId), ticket);
}

/** The ticket's channel among the guild's channels (as listed), by its name and topic. */
export function matchTicketChannel(
  channels: { id: string; name: string; topic?: string | null }[],
  ticket: Ticket,
): string | null {
  const topic = ticketTopic(ticket);
  return (
    channels.find((channel) => channel.topic === topic && channel.name === ticketName(ticket.id))
      ?.id ?? null
  );
}

/** Discord's limit of channels in one category (50035 `CHANNEL_PARENT_MAX_CHANNELS` past it). */
export const CATEGORY_CHANNEL_MAX = 50;

/** Channels the ticket categories can still take, as listed. */
export function freeTicketSlots(
  channels: { parent_id?: string | null }[],
  categories: (string | undefined)[],
): number {
  return categories
    .filter((id): id is string => Boolean(id))
    .reduce((free, id) => {
      const used = channels.filter((channel) => channel.parent_id === id).length;
      return free + Math.max(0, CATEGORY_CHANNEL_MAX - used);
    }, 0);
}
