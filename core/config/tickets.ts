import { z } from 'zod';
import { snowflake } from './fields';

// Tickets (docs/decisions/046-tickets.md): where channels go and how long things take, as
// `config.tickets`.

const days = (what: string, max: number, fallback: number) =>
  z.coerce
    .number({ error: `must be a whole number of days (${what})` })
    .int({ error: `must be a whole number of days (${what})` })
    .min(1, { error: `must be between 1 and ${max} days` })
    .max(max, { error: `must be between 1 and ${max} days` })
    .default(fallback);

export const ticketVariables = {
  // The category new ticket channels go under, and where they spill once it holds Discord's
  // 50 channels. Unset: tickets wait in the queue until DISCORD_TICKETS_CATEGORY_ID is set.
  DISCORD_TICKETS_CATEGORY_ID: snowflake('category'),
  DISCORD_TICKETS_OVERFLOW_CATEGORY_ID: snowflake('category'),
  // Where the HTML transcript of each closed ticket is posted.
  DISCORD_TRANSCRIPTS_CHANNEL_ID: snowflake('channel'),
  TICKETS_ONE_PER_SERVICE: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('true')
    .transform((value) => value === 'true'),
  TICKET_REOPEN_DAYS: days('how long a closed ticket can be reopened', 90, 7),
  TICKET_INACTIVE_WARN_DAYS: days('quiet days before the warning', 365, 5),
  TICKET_INACTIVE_CLOSE_DAYS: days('days after the warning before closing', 90, 2),
};

type TicketVariable = keyof typeof ticketVariables;
type TicketEnv = z.output<z.ZodObject<typeof ticketVariables>>;

type TicketsConfig = {
  categoryId?: string;
  overflowCategoryId?: string;
  transcriptsChannelId?: string;
  onePerService: boolean;
  reopenDays: number;
  inactiveWarnDays: number;
  inactiveCloseDays: number;
};

/** Moves the parsed ticket variables into `tickets`, and leaves the rest as it was. */
export function withTicketsConfig<T extends TicketEnv>(
  parsed: T,
): { [K in Exclude<keyof T, TicketVariable>]: T[K] } & { tickets: TicketsConfig } {
  const rest: Record<string, unknown> = { ...parsed };
  for (const name of Object.keys(ticketVariables)) delete rest[name];
  return {
    ...(rest as { [K in Exclude<keyof T, TicketVariable>]: T[K] }),
    tickets: {
      categoryId: parsed.DISCORD_TICKETS_CATEGORY_ID,
      overflowCategoryId: parsed.DISCORD_TICKETS_OVERFLOW_CATEGORY_ID,
      transcriptsChannelId: parsed.DISCORD_TRANSCRIPTS_CHANNEL_ID,
      onePerService: parsed.TICKETS_ONE_PER_SERVICE,
      reopenDays: parsed.TICKET_REOPEN_DAYS,
      inactiveWarnDays: parsed.TICKET_INACTIVE_WARN_DAYS,
      inactiveCloseDays: parsed.TICKET_INACTIVE_CLOSE_DAYS,
    },
  };
}
