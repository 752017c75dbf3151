import type { Config } from '../../core/config';
import { deliveryNonce } from '../../core/discord/delivery-nonce';
import { buildInactivityWarning } from '../../core/tickets';
import type { Database } from '../../db/client';
import { createSystemStateRepository } from '../../db/repositories/system-state';
import { createTicketsRepository } from '../../db/repositories/tickets';
import type { DiscordSender } from '../delivery/sender';
import type { Log } from '../log';
import type { TicketDiscord } from './ticket-discord';

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
/** Enough to see past the bot's own latest posts (a warning, a payment embed) to a person's. */
const RECENT = 10;

type InactivityDeps = {
  db: Database;
  config: Config;
  discord: TicketDiscord;
  sender: DiscordSender;
  log: Log;
};

/**
 * One pass (decision 046): a ticket whose channel saw no message from a person for
 * TICKET_INACTIVE_WARN_DAYS is warned in the channel; still quiet TICKET_INACTIVE_CLOSE_DAYS
 * after the warning, it is closed (the close job archives it). Activity is read from Discord
 * (the channel's latest messages): the bot's messageCreate keeps `last_activity_at` too
 * (bot/tickets/ticket-messages.ts), but misses what was written while it was offline.
 */
export async function runTicketInactivity(
  deps: InactivityDeps,
  now = new Date(),
): Promise<{ warned: number; closed: number }> {
  const { inactiveWarnDays, inactiveCloseDays } = deps.config.tickets;
  const tickets = createTicketsRepository(deps.db);
  const quietSince = new Date(now.getTime() - inactiveWarnDays * DAY_MS);
  const installId = await createSystemStateRepository(deps.db).installId();
  let warned = 0;
  let closed = 0;
  for (const ticket of await tickets.listQuietTickets(quietSince)) {
    if (!ticket.channelId) continue;
    const recent = await deps.discord.listMessages(ticket.channelId, { limit: RECENT });
    if (!recent) continue; // the channel is gone: staff close it by hand
    const person = recent.find((message) => !message.author.bot);
    const spoke = person ? new Date(person.timestamp) : null;
    if (spoke && spoke > ticket.lastActivityAt)
      await tickets.recordTicketActivity(ticket.id, spoke);
    const activity = spoke && spoke > ticket.lastActivityAt ? spoke : ticket.lastActivityAt;
    if (activity > quietSince) continue;
    const warnedAt = ticket.inactivityWarnedAt;
    if (!warnedAt || warnedAt < activity) {
      const result = await tickets.warnInactiveTicket(ticket.id, now);
      if (!result.ok) continue;
      await deps.sender.send({
        channelId: ticket.channelId,
        payload: buildInactivityWarning(ticket, inactiveCloseDays),
        files: [],
        nonce: deliveryNonce(installId, `quiet-${ticket.id}-${result.event.id}`),
      });
      warned += 1;
    } else if (now.getTime() - warnedAt.getTime() >= inactiveCloseDays * DAY_MS) {
      if ((await tickets.closeInactiveTicket(ticket.id, now)).ok) closed += 1;
    }
  }
  if (warned + closed > 0)
    deps.log.info(
      { tickets: { warned, closed } },
      `tickets: warned ${warned} quiet ticket(s), closed ${closed}`,
    );
  return { warned, closed };
}

/** The worker role's hourly pass; a failed pass is logged and tried again the next hour. */
export function startTicketInactivityJob(
  deps: InactivityDeps,
  { intervalMs = HOUR_MS } = {},
): { close: () => Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  let timer: NodeJS.Timeout;
  const run = () => {
    running = runTicketInactivity(deps)
      .catch((error: unknown) => deps.log.error({ err: error }, 'tickets: inactivity pass failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(run, intervalMs).unref();
      });
  };
  timer = setTimeout(run, intervalMs).unref();
  return {
    async close() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
