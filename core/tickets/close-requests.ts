import { escapeMarkdown } from '../discord/markdown';
import {
  allowMentions,
  BUTTON_STYLE,
  buttonRow,
  mentionUser,
  type OrderMessagePayload,
} from '../orders/order-message';
import { ticketButtonId } from './custom-ids';
import type { Ticket } from './ticket';
import { ticketName } from './ticket-status';

// A customer's request to close their own ticket (issue 33, when the `tickets` site setting
// allows it): posted in the channel with Confirm and Deny for staff, then edited to say who
// answered. Mentions ping only the people a message is for.

/** Posted in the ticket: pings its claimant (if any), who confirms or denies. */
export function buildCustomerCloseRequest(ticket: Ticket, words?: string): OrderMessagePayload {
  const said = words ? ` They wrote: “${escapeMarkdown(words)}”` : '';
  const who = ticket.claimantDiscordId
    ? `${mentionUser(ticket.claimantDiscordId)}, confirm or deny it.`
    : 'The claimant, a lead designer or an executive confirms or denies it.';
  return {
    content: `${mentionUser(ticket.customerDiscordId)} asks to close ${ticketName(ticket.id)}.${said} ${who}`,
    embeds: [],
    components: [
      buttonRow(
        {
          type: 2,
          style: BUTTON_STYLE.success,
          label: 'Confirm and close',
          custom_id: ticketButtonId('approve', ticket.id),
        },
        {
          type: 2,
          style: BUTTON_STYLE.secondary,
          label: 'Deny',
          custom_id: ticketButtonId('deny', ticket.id),
        },
      ),
    ],
    allowed_mentions: allowMentions({ users: [ticket.claimantDiscordId] }),
  };
}

/** The request once answered: its buttons gone, who answered said; pings nobody. */
export function buildCustomerCloseAnswered(
  ticket: Ticket,
  staffId: string,
  approved: boolean,
): OrderMessagePayload {
  const answer = approved
    ? `Confirmed by ${mentionUser(staffId)}: the ticket is closing.`
    : `Denied by ${mentionUser(staffId)}: the ticket stays open.`;
  return {
    content: `${mentionUser(ticket.customerDiscordId)} asked to close ${ticketName(ticket.id)}. ${answer}`,
    embeds: [],
    components: [],
    allowed_mentions: allowMentions(),
  };
}

/** Told to the customer in the channel when staff deny their request (pings them once). */
export function buildCustomerCloseDenied(ticket: Ticket, staffId: string): OrderMessagePayload {
  return {
    content: `${mentionUser(ticket.customerDiscordId)} ${mentionUser(staffId)} kept this ticket open: your request to close it was denied. Ask here if anything is unclear.`,
    embeds: [],
    allowed_mentions: allowMentions({ users: [ticket.customerDiscordId] }),
  };
}

/** The customer's ephemeral answer once the request is posted. */
export const CUSTOMER_CLOSE_ASKED =
  'Asked staff to close this ticket; they confirm or deny it here.';
