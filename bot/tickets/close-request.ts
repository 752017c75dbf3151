import type { ButtonInteraction, ChatInputCommandInteraction } from 'discord.js';
import type { Config } from '../../core/config';
import type { OrderMessagePayload } from '../../core/orders/order-message';
import { buildCustomerCloseRequest, CUSTOMER_CLOSE_ASKED, type Ticket } from '../../core/tickets';
import type { Database } from '../../db/client';
import { createSiteContentRepository } from '../../db/repositories/site-content';
import { createTicketsRepository } from '../../db/repositories/tickets';
import { toMessageOptions } from '../orders/order-interaction';
import { ticketActor } from './ticket-interaction';

// The customer's side of "ask to close" (issue 33): the intake's Close button or `/ticket close`
// used by the ticket's customer. The studio's `tickets` setting is read at each press, so
// turning it on or off in the dashboard applies at once, to tickets already open too.

/** Whether executives let customers ask to close their own tickets (Settings, off by default). */
export async function customersMayAskToClose(db: Database): Promise<boolean> {
  const { value } = await createSiteContentRepository(db).read('tickets');
  return value.customersMayAskToClose;
}

/** A message from the bot in the interaction's channel (the ticket). */
export async function postInChannel(
  interaction: ButtonInteraction | ChatInputCommandInteraction,
  payload: OrderMessagePayload,
): Promise<void> {
  const channel = interaction.channel;
  if (!channel || !('send' in channel)) throw new Error('the ticket channel is not available');
  await channel.send(toMessageOptions(payload));
}

/**
 * The customer asks staff to close `ticket`: stored once (a second press while one is pending
 * is refused in words, so there is one request in the channel), then posted with Confirm and
 * Deny. Returns what the customer is told, only to them.
 */
export async function askStaffToClose(
  interaction: ButtonInteraction | ChatInputCommandInteraction,
  ticket: Ticket,
  { config, db }: { config: Config; db: Database },
  words?: string,
): Promise<string> {
  const allowed = await customersMayAskToClose(db);
  const tickets = createTicketsRepository(db);
  const result = await tickets.askStaffToClose(
    ticket.id,
    ticketActor(interaction, config),
    allowed,
  );
  if (!result.ok) return result.reason;
  try {
    await postInChannel(interaction, buildCustomerCloseRequest(result.ticket, words));
  } catch (error) {
    // Staff would never see it: not pending, so pressing again posts it (the error is answered
    // with its reference by the dispatcher).
    const at = result.ticket.customerCloseRequestedAt;
    if (at) await tickets.withdrawCustomerCloseRequest(ticket.id, at);
    throw error;
  }
  return CUSTOMER_CLOSE_ASKED;
}
