import type { TicketStatus } from './ticket-status';

// Who wrote last in a ticket's channel (decision 046, "Replies"): the bot records it from each
// message it sees, so the dashboard can say which tickets wait for a staff reply. `customer`
// is the ticket's customer; `staff` is any other person in the channel (a designer, a lead,
// someone /ticket add brought in). The bot's own posts, webhooks and Discord's system
// messages are not anyone's reply and are not recorded.

export const TICKET_REPLY_AUTHORS = ['customer', 'staff'] as const;
export type TicketReplyAuthor = (typeof TICKET_REPLY_AUTHORS)[number];

/** The Tickets list's `reply` facet: who wrote last, or `none` before anyone wrote. */
export const TICKET_REPLY_STATES = [...TICKET_REPLY_AUTHORS, 'none'] as const;
export type TicketReplyState = (typeof TICKET_REPLY_STATES)[number];

// "Staff replied last", not "Waiting for the customer": that is the awaiting_customer status's
// label (staff asked to close), and the two would read as one thing.
export const TICKET_REPLY_LABELS: Record<TicketReplyState, string> = {
  customer: 'Waiting for staff',
  staff: 'Staff replied last',
  none: 'No messages yet',
};

/** Tickets whose channel is live: messages in them are recorded, and may wait for a reply. */
export const LIVE_TICKET_STATUSES = [
  'open',
  'claimed',
  'awaiting_customer',
] as const satisfies readonly TicketStatus[];

/** Discord's message types a person writes: DEFAULT (0) and REPLY (19); the rest are system. */
const PERSON_MESSAGE_TYPES = new Set([0, 19]);

/** What a message says about its author (Discord's message object, as discord.js reads it). */
export type SeenMessage = {
  authorIsBot: boolean;
  authorIsSystem: boolean;
  webhookId: string | null;
  type: number;
};

/**
 * Whether a person wrote the message: not a bot (Lunar's own posts included), not a webhook
 * (interaction replies and integrations post through one), not Discord's own notices (a pin, a
 * member joining).
 */
export function isPersonMessage(message: SeenMessage): boolean {
  return (
    !message.authorIsBot &&
    !message.authorIsSystem &&
    !message.webhookId &&
    PERSON_MESSAGE_TYPES.has(message.type)
  );
}
