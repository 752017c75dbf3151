import { deliveryNonce } from '../../core/discord/delivery-nonce';
import { buildClaimAnnouncement, buildIntakeUpdate, type Ticket } from '../../core/tickets';
import type { TicketsRepository } from '../../db/repositories/tickets';
import type { DiscordSender } from '../delivery/sender';
import type { Log } from '../log';
import type { TicketDiscord } from './ticket-discord';

// The `ticket_claim` job (decision 046): who has a ticket changed away from its Claim button
// (a reassign from the dashboard or /ticket, an unclaim). The intake is edited to show who has
// it now, and a reassigned designer is announced in the ticket as a claim is, pinging the
// customer once. Run again after a crash, the edit shows the same and the announcement goes
// out under the same nonce, so Discord keeps one.

type ClaimJobDeps = {
  discord: TicketDiscord;
  sender: DiscordSender;
  tickets: TicketsRepository;
  installId: () => Promise<string>;
  log: Log;
};

/** Tickets opened before the intake's id was recorded: found among the channel's messages. */
async function findIntakeInHistory(
  deps: ClaimJobDeps,
  ticket: Ticket & { channelId: string },
): Promise<{ channelId: string; messageId: string } | null> {
  const botId = await deps.discord.botUserId();
  const page = (await deps.discord.listMessages(ticket.channelId, { limit: 100 })) ?? [];
  const intake = page
    .filter(
      (message) =>
        message.author.id === botId && message.embeds?.[0]?.footer?.text.includes(ticket.orderId),
    )
    .at(-1);
  return intake ? { channelId: ticket.channelId, messageId: intake.id } : null;
}

export async function runClaimJob(
  deps: ClaimJobDeps,
  row: { id: number; refId: number },
): Promise<{ channelId: string; messageId: string } | null> {
  const { tickets } = deps;
  const event = await tickets.findTicketEvent(row.refId);
  const ticket = event && (await tickets.getTicket(event.ticketId));
  const live = ticket && ticket.status !== 'closed' && ticket.status !== 'failed';
  if (!event || !ticket?.channelId || !live) return null;
  const channelId = ticket.channelId;
  const intake =
    (await tickets.findTicketIntake(ticket.id)) ??
    (await findIntakeInHistory(deps, { ...ticket, channelId }));
  // The ticket as it is now: a later change's job shows the same.
  if (intake) await deps.sender.edit({ ...intake, payload: buildIntakeUpdate(ticket) });
  else deps.log.warn({ ticketId: ticket.id }, `${ticket.orderId}: its intake message is gone`);
  const to = event.type === 'reassigned' ? event.data.to : null;
  // Only the designer who has it now is announced: an older reassign's job says nothing.
  if (!to || ticket.claimantDiscordId !== to) return intake;
  const installId = await deps.installId();
  return deps.sender.send({
    channelId,
    payload: buildClaimAnnouncement(ticket),
    files: [],
    nonce: deliveryNonce(installId, `${row.id}-announce`),
  });
}
