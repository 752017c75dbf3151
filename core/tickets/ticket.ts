import type { Actor } from '../orders/order';
import type { JoinRefusal } from './join-refusals';
import type { TicketReplyAuthor } from './replies';
import type { TicketSource, TicketStatus } from './ticket-status';

/** One ticket as the rules and the bot see it (the `tickets` row). */
export interface Ticket {
  /** The ticket number (`ticket-0042`); the order made in it has the id `ticketName(id)`. */
  id: number;
  /** `ticket-0042`: the channel's name and the id of the order made in the ticket. */
  orderId: string;
  status: TicketStatus;
  source: TicketSource;
  customerDiscordId: string;
  serviceKey: string;
  serviceLabel: string;
  request: string;
  budgetRobux: number;
  deadline: string;
  robloxUsername: string;
  channelId: string | null;
  /** Discord would not add the site customer to the server (they join with the invite). */
  joinRefusal: JoinRefusal | null;
  /** Since when the ticket waits for a channel to free up (every category full), or null. */
  queuedAt: Date | null;
  claimantDiscordId: string | null;
  claimedAt: Date | null;
  closeRequestedBy: string | null;
  closeRequestedAt: Date | null;
  /** The customer asked staff to close (when the studio allows it); pending until answered. */
  customerCloseRequestedAt: Date | null;
  closedBy: string | null;
  closeReason: string | null;
  closedAt: Date | null;
  lastActivityAt: Date;
  /** The last message a person wrote in the channel, and whose it was (core/tickets/replies.ts). */
  lastMessageAt: Date | null;
  lastMessageBy: TicketReplyAuthor | null;
  inactivityWarnedAt: Date | null;
  /** Set once the close job stored the transcript (a reopen waits for it). */
  transcriptStoredAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export type { Actor };
