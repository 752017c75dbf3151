import { findLimitViolations } from '../discord/limits';
import { escapeMarkdown } from '../discord/markdown';
import {
  allowMentions,
  BUTTON_STYLE,
  buttonRow,
  discordTime,
  mentionUser,
  ORDER_COLORS,
  type OrderMessagePayload,
} from '../orders/order-message';
import { groupThousands } from '../shared/numbers';
import { type TicketButtonAction, ticketButtonId } from './custom-ids';
import type { Ticket } from './ticket';
import { TICKET_STATUS_LABELS, ticketName } from './ticket-status';

// The ticket's intake (its first message, edited whenever who has the ticket changes) and the
// line that says who will handle the order.

export function assertWithinTicketLimits(payload: OrderMessagePayload): void {
  const problems = findLimitViolations(payload);
  if (problems.length > 0)
    throw new Error(`ticket message exceeds Discord limits: ${problems.join('; ')}`);
}

export const ticketActionButton = (
  action: TicketButtonAction,
  ticket: Ticket,
  label: string,
  style: 1 | 2 | 3 | 4,
  disabled = false,
) => ({
  type: 2 as const,
  style,
  label,
  custom_id: ticketButtonId(action, ticket.id),
  disabled,
});

/** The fields staff read first, in the intake embed and the transcript summary. */
export function ticketIntakeFields(ticket: Ticket) {
  return [
    { name: 'Service', value: escapeMarkdown(ticket.serviceLabel), inline: true },
    { name: 'Budget', value: `${groupThousands(ticket.budgetRobux)} R$`, inline: true },
    { name: 'Deadline', value: escapeMarkdown(ticket.deadline), inline: true },
    { name: 'Roblox username', value: escapeMarkdown(ticket.robloxUsername), inline: true },
    { name: 'Customer', value: mentionUser(ticket.customerDiscordId), inline: true },
    {
      name: 'Claimed by',
      value: ticket.claimantDiscordId
        ? `${mentionUser(ticket.claimantDiscordId)} ${ticket.claimedAt ? discordTime(ticket.claimedAt) : ''}`.trim()
        : 'Nobody yet',
      inline: true,
    },
  ];
}

/** How the intake greets: a new order, or a closed ticket opened again (and by whom). */
export type IntakeOccasion = { reopenedBy: string | null } | null;

function intakeGreeting(ticket: Ticket, occasion: IntakeOccasion): string {
  const customer = mentionUser(ticket.customerDiscordId);
  if (!occasion) return `${customer} thanks for your order! A designer will be with you soon.`;
  const by = occasion.reopenedBy ? ` by ${mentionUser(occasion.reopenedBy)}` : '';
  const next = ticket.claimantDiscordId
    ? `It stays with ${mentionUser(ticket.claimantDiscordId)}.`
    : 'A designer will be with you soon.';
  return `${customer} Ticket reopened${by}. ${next}`;
}

/** The embed and buttons of the intake: what was asked, who has it, Claim and Close. */
function intakeBody(ticket: Ticket): Pick<OrderMessagePayload, 'embeds' | 'components'> {
  return {
    embeds: [
      {
        title: `${ticketName(ticket.id)} · ${ticket.serviceLabel}`.slice(0, 256),
        description: escapeMarkdown(ticket.request),
        color: ticket.claimantDiscordId ? ORDER_COLORS.success : ORDER_COLORS.waiting,
        fields: ticketIntakeFields(ticket),
        footer: {
          text: `Status: ${TICKET_STATUS_LABELS[ticket.status]} · order id ${ticket.orderId}`,
        },
      },
    ],
    components: [
      buttonRow(
        ticketActionButton(
          'claim',
          ticket,
          ticket.claimantDiscordId ? 'Claimed' : 'Claim',
          BUTTON_STYLE.success,
          Boolean(ticket.claimantDiscordId),
        ),
        ticketActionButton(
          'close',
          ticket,
          'Close',
          BUTTON_STYLE.danger,
          ticket.status === 'closed',
        ),
      ),
    ],
  };
}

/**
 * The ticket's first message: the intake (what the customer asked, escaped so it shows as
 * typed), who claimed it and when, Claim and Close. A reopened ticket says so and by whom
 * rather than thanking for the order again. Pings the customer only.
 */
export function buildIntakeMessage(
  ticket: Ticket,
  occasion: IntakeOccasion = null,
): OrderMessagePayload {
  const payload: OrderMessagePayload = {
    content: intakeGreeting(ticket, occasion),
    ...intakeBody(ticket),
    allowed_mentions: allowMentions({ users: [ticket.customerDiscordId] }),
  };
  assertWithinTicketLimits(payload);
  return payload;
}

/**
 * The intake after a claim, unclaim or reassign: its embed and buttons show who has it now;
 * no `content`, so the greeting it was posted with stays. Pings nobody.
 */
export function buildIntakeUpdate(ticket: Ticket): OrderMessagePayload {
  const payload: OrderMessagePayload = { ...intakeBody(ticket), allowed_mentions: allowMentions() };
  assertWithinTicketLimits(payload);
  return payload;
}

/**
 * Posted in the ticket when someone claims it or a lead gives it to someone: pings the
 * customer once, not the designer.
 */
export function buildClaimAnnouncement(ticket: Ticket): OrderMessagePayload {
  const claimant = ticket.claimantDiscordId ?? '';
  return {
    content: `${mentionUser(ticket.customerDiscordId)} ${mentionUser(claimant)} will handle your order.`,
    embeds: [],
    allowed_mentions: allowMentions({ users: [ticket.customerDiscordId] }),
  };
}
