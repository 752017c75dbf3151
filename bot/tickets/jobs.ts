import { type Config, publicUrl } from '../../core/config';
import type { OutboxKind } from '../../core/discord/outbox';
import type { Database } from '../../db/client';
import type { OutboxRow } from '../../db/repositories/outbox';
import { createTicketTranscriptsRepository } from '../../db/repositories/ticket-transcripts';
import { createTicketsRepository } from '../../db/repositories/tickets';
import type { DiscordSender } from '../delivery/sender';
import type { Log } from '../log';
import { runClaimJob } from './claim-job';
import { runCloseJob } from './close-job';
import { failOpening, runOpenJob } from './open-job';
import { createTicketDiscord, type TicketDiscord } from './ticket-discord';

/** The outbox rows the ticket jobs run (the worker hands them here). */
export const TICKET_JOB_KINDS: ReadonlySet<OutboxKind> = new Set([
  'ticket_open',
  'ticket_close',
  'ticket_claim',
]);

/** The outbox worker's ticket jobs: `ticket_open`, `ticket_close` and `ticket_claim` rows. */
export function createTicketJobs(deps: {
  db: Database;
  config: Config;
  sender: DiscordSender;
  log: Log;
  discord?: TicketDiscord;
  installId: () => Promise<string>;
  deleteDelayMs: number;
  /** How long an opening waits for a setting or a category with room (the worker's). */
  waitMs: number;
  /** Past this, an opening fails for good and the customer is told (the worker's). */
  openDeadlineMs: number;
}) {
  const connection = deps.config.discord.connection;
  const discord =
    deps.discord ??
    (connection ? createTicketDiscord(connection.token, connection.apiUrl) : undefined);
  const tickets = createTicketsRepository(deps.db);
  const transcripts = createTicketTranscriptsRepository(deps.db);
  let botId: string | null = null;
  let warnedNoTranscripts = false;
  return {
    /** The worker gave up on a `ticket_open` row: the ticket fails, the customer is told. */
    failOpening: (row: OutboxRow, reason: string) => failOpening(tickets, row, reason),

    async run(row: OutboxRow): Promise<{ channelId: string; messageId: string } | null> {
      if (!discord) throw new Error('ticket jobs need DISCORD_TOKEN');
      if (row.kind === 'ticket_open') {
        return runOpenJob(
          {
            ...deps,
            discord,
            tickets,
            waitMs: deps.waitMs,
            deadlineMs: deps.openDeadlineMs,
            botId: async () => {
              botId ??= await discord.botUserId();
              return botId;
            },
          },
          row,
        );
      }
      if (row.kind === 'ticket_claim') {
        return runClaimJob(
          { discord, sender: deps.sender, tickets, installId: deps.installId, log: deps.log },
          row,
        );
      }
      const transcriptsChannelId = deps.config.tickets.transcriptsChannelId;
      if (!transcriptsChannelId && !warnedNoTranscripts) {
        warnedNoTranscripts = true;
        deps.log.warn(
          'Ticket transcripts are stored but not posted: set DISCORD_TRANSCRIPTS_CHANNEL_ID.',
        );
      }
      const closed = await runCloseJob(
        {
          discord,
          sender: deps.sender,
          tickets,
          transcripts,
          transcriptsChannelId,
          installId: deps.installId,
          deleteDelayMs: deps.deleteDelayMs,
          guildId: connection?.guildId,
          siteUrl: publicUrl(deps.config),
          log: deps.log,
        },
        row,
      );
      // A channel may have been freed: the capacity queue's first ticket takes it.
      await tickets.wakeQueue();
      return closed;
    },
  };
}
