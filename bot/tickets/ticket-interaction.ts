import type { Interaction } from 'discord.js';
import type { Config } from '../../core/config';
import { listTicketServices, type Ticket, type TicketService } from '../../core/tickets';
import type { Database } from '../../db/client';
import { createSiteContentRepository } from '../../db/repositories/site-content';
import { createTicketsRepository } from '../../db/repositories/tickets';
import { actorOf } from '../orders/order-interaction';

/** The services and plans as site content has them now (the pricing section shows the same). */
export async function loadTicketServices(db: Database): Promise<TicketService[]> {
  const content = createSiteContentRepository(db);
  const [services, pricing] = await Promise.all([
    content.read('services'),
    content.read('pricing'),
  ]);
  return listTicketServices(services.value, pricing.value);
}

export const ticketActor = (interaction: Interaction, config: Config) =>
  actorOf(interaction, config.discord.roles);

/**
 * Waits for the worker to open the ticket's channel, so the customer's answer can link it (or
 * say it could not be opened, or that the studio is at capacity and where they are in the queue).
 * Bounded: past it, the answer says the ticket is queued (the customer is pinged in it, or told
 * by DM and on the site if it fails later).
 */
export async function waitForChannel(
  db: Database,
  ticket: Ticket,
  { timeoutMs = 20_000, pollMs = 250 } = {},
): Promise<Ticket> {
  const tickets = createTicketsRepository(db);
  const until = Date.now() + timeoutMs;
  let current = ticket;
  // A queued ticket waits for a channel to free up: the answer says so (and where) at once.
  while (
    !current.channelId &&
    current.status === 'opening' &&
    !current.queuedAt &&
    Date.now() < until
  ) {
    await new Promise((resolve) => setTimeout(resolve, pollMs));
    current = (await tickets.getTicket(ticket.id)) ?? current;
  }
  return current;
}
