import type { Ticket } from './ticket';
import { ticketName } from './ticket-status';

/** Ephemeral answers to a refused ticket action; sent with `allowed_mentions: { parse: [] }`. */

const user = (id: string) => `<@${id}>`;
const name = (ticket: Ticket) => ticketName(ticket.id);

export const TICKET_REFUSALS = {
  unknownTicket: 'This is not a ticket, or the ticket no longer exists.',
  staffOnly: 'Only designers, lead designers and executives can do this.',
  leadsOnly: 'Only lead designers and executives can unclaim or reassign a ticket.',
  ownTicket: 'You cannot claim your own ticket.',
  stillOpening: (ticket: Ticket) => `${name(ticket)} is still being opened; try again in a moment.`,
  alreadyClaimed: (ticket: Ticket) =>
    `${name(ticket)} is already claimed by ${user(ticket.claimantDiscordId ?? '')}. A lead designer or an executive can reassign it.`,
  notClaimed: (ticket: Ticket) => `${name(ticket)} is not claimed.`,
  sameClaimant: (ticket: Ticket) => `${name(ticket)} is already claimed by that person.`,
  notADesigner: 'Only a designer, lead designer or executive can be given a ticket.',
  closed: (ticket: Ticket) => `${name(ticket)} is closed.`,
  failed: (ticket: Ticket) => `${name(ticket)} could not be opened; order again instead.`,
  closeAlreadyAsked: (ticket: Ticket) =>
    `Closing ${name(ticket)} was already asked; the customer confirms or keeps it open.`,
  claimantOrLead: (ticket: Ticket) =>
    `Only the designer who claimed ${name(ticket)}, a lead designer or an executive can do this.`,
  customerOnly: (ticket: Ticket) => `Only the customer of ${name(ticket)} can answer this.`,
  notAwaitingCustomer: (ticket: Ticket) => `Nobody asked to close ${name(ticket)}.`,
  notClosed: (ticket: Ticket) => `${name(ticket)} is not closed.`,
  reopenWindowOver: (ticket: Ticket, days: number) =>
    `${name(ticket)} was closed more than ${days} day${days === 1 ? '' : 's'} ago; open a new ticket instead.`,
  transcriptPending: (ticket: Ticket) =>
    `${name(ticket)} is still being archived; try again in a minute.`,
  reopenCustomerOrStaff: (ticket: Ticket) =>
    `Only the customer of ${name(ticket)}, its designer, a lead designer or an executive can reopen it.`,
  alreadyOpen: (serviceLabel: string, channelId: string | null) =>
    channelId
      ? `You already have an open ticket for ${serviceLabel}: <#${channelId}>.`
      : `You already have an open ticket for ${serviceLabel}; it is being opened now.`,
  customerCloseOff: 'Only staff can close tickets here.',
  staffAskedToClose: (ticket: Ticket) =>
    `Staff already asked to close ${name(ticket)}: press Confirm and close on their message.`,
  customerCloseAlreadyAsked: (ticket: Ticket) =>
    `You already asked to close ${name(ticket)}; staff will confirm or deny it here.`,
  customerCloseAnswered: (ticket: Ticket) =>
    `The customer's request to close ${name(ticket)} was already answered.`,
  notInactive: (ticket: Ticket) => `${name(ticket)} is not quiet long enough to close.`,
} as const;
