import { escapeMarkdown } from '../discord/markdown';
import {
  allowMentions,
  BUTTON_STYLE,
  buttonRow,
  discordTime,
  mentionChannel,
  mentionUser,
  ORDER_COLORS,
  type OrderMessagePayload,
} from '../orders/order-message';
import { groupThousands } from '../shared/numbers';
import { capacityQueueWords, TICKET_FAILED_ADVICE } from './customer-view';
import { assertWithinTicketLimits, ticketActionButton, ticketIntakeFields } from './intake-message';
import type { Ticket } from './ticket';
import { ticketName } from './ticket-status';

// The ticket's messages after it opened (Discord API v10 JSON), within Discord's limits,
// `allowed_mentions` on each: user text never pings, only the people a message is for. The
// panel and form are in panel-messages.ts, the intake in intake-message.ts.

/** Asked to close: the customer confirms or keeps it open (only they may press). */
export function buildClosePrompt(ticket: Ticket, askedBy: string): OrderMessagePayload {
  return {
    content: `${mentionUser(ticket.customerDiscordId)} ${mentionUser(askedBy)} asks to close this ticket. Is everything done?`,
    embeds: [],
    components: [
      buttonRow(
        ticketActionButton('confirm', ticket, 'Confirm and close', BUTTON_STYLE.success),
        ticketActionButton('keep', ticket, 'Keep open', BUTTON_STYLE.secondary),
      ),
    ],
    allowed_mentions: allowMentions({ users: [ticket.customerDiscordId] }),
  };
}

/** The warning the inactivity job posts before it closes a quiet ticket. */
export function buildInactivityWarning(ticket: Ticket, closeDays: number): OrderMessagePayload {
  return {
    content: `${mentionUser(ticket.customerDiscordId)} this ticket has been quiet for a while. It closes in ${closeDays} day${closeDays === 1 ? '' : 's'} unless someone writes here.`,
    embeds: [],
    allowed_mentions: allowMentions({ users: [ticket.customerDiscordId] }),
  };
}

/** Posted in the channel as it closes, before the transcript is read and the channel deleted. */
export function buildClosingNotice(
  ticket: Ticket,
  deleteAfterSeconds: number,
): OrderMessagePayload {
  const by = ticket.closedBy ? ` by ${mentionUser(ticket.closedBy)}` : '';
  return {
    content: `This ticket was closed${by}: ${asSentence(escapeMarkdown(ticket.closeReason ?? 'closed'))} The channel is archived and deleted in ${deleteAfterSeconds} seconds.`,
    embeds: [],
    allowed_mentions: allowMentions(),
  };
}

/** The transcripts channel's post beside the HTML file. */
export function buildTranscriptPost(
  ticket: Ticket,
  messageCount: number,
  filename: string,
): OrderMessagePayload {
  return {
    embeds: [
      {
        title: `Transcript of ${ticketName(ticket.id)} · ${ticket.serviceLabel}`.slice(0, 256),
        color: ORDER_COLORS.brand,
        fields: [
          ...ticketIntakeFields(ticket),
          {
            name: 'Closed',
            value: ticket.closedAt ? discordTime(ticket.closedAt) : '—',
            inline: true,
          },
          {
            name: 'Reason',
            value: escapeMarkdown(ticket.closeReason ?? '—').slice(0, 1024),
            inline: false,
          },
          { name: 'Messages', value: groupThousands(messageCount), inline: true },
        ],
        footer: { text: filename },
      },
    ],
    allowed_mentions: allowMentions(),
  };
}

/** A reason as typed, ending in exactly one full stop (or its own ! or ?): "done." not "done..". */
export function asSentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?…]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/**
 * Told to the customer once their ticket exists, could not be made, or waits in the capacity
 * queue (`queuePosition`, 1 is next).
 */
export const ticketOpenedAnswer = (ticket: Ticket, queuePosition: number | null = null) => {
  if (ticket.status === 'failed')
    return `Your ticket ${ticketName(ticket.id)}: ${TICKET_FAILED_ADVICE}`;
  if (!ticket.channelId && queuePosition !== null) {
    return `Your ticket ${ticketName(ticket.id)}: ${capacityQueueWords(queuePosition)}`;
  }
  return ticket.channelId
    ? `Your ticket is open: ${mentionChannel(ticket.channelId)}`
    : `Your ticket ${ticketName(ticket.id)} is queued and opens in a moment; you will be pinged in it.`;
};

/**
 * The customer's record of a closed ticket, by DM: who handled it, who closed it and why, and
 * where the conversation stays (the transcript is attached when there is one). Pings nobody.
 */
export function buildClosedDm(ticket: Ticket, ordersUrl: string): OrderMessagePayload {
  const closer = ticket.closedBy ? `Closed by ${mentionUser(ticket.closedBy)}` : 'Closed';
  const reason = asSentence(escapeMarkdown(ticket.closeReason ?? 'closed'));
  const handled = ticket.claimantDiscordId
    ? `Handled by ${mentionUser(ticket.claimantDiscordId)}.`
    : 'No designer had claimed it.';
  const payload: OrderMessagePayload = {
    content: [
      `Your order ${ticketName(ticket.id)} (${escapeMarkdown(ticket.serviceLabel)}) is closed.`,
      `${closer}: ${reason}`,
      handled,
      `The conversation stays on Your orders: ${ordersUrl}`,
    ].join('\n'),
    embeds: [],
    allowed_mentions: allowMentions(),
  };
  assertWithinTicketLimits(payload);
  return payload;
}

/** The customer's DM when their ticket could not be opened (the site's page says the same). */
export function buildOpenFailedDm(ticket: Ticket): OrderMessagePayload {
  return {
    content: `Your order ${ticketName(ticket.id)} (${escapeMarkdown(ticket.serviceLabel)}): ${TICKET_FAILED_ADVICE}`,
    embeds: [],
    allowed_mentions: allowMentions(),
  };
}
