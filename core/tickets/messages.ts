import { findLimitViolations } from '../discord/limits';
import { escapeMarkdown } from '../discord/markdown';
import type { DiscordActionRow, DiscordEmbed } from '../discord/payload';
import {
  type DiscordModal,
  MODAL_LIMITS,
  TEXT_INPUT_STYLE,
  withinModalLimits,
} from '../orders/discord-modal';
import { ROBLOX_USERNAME_MAX } from '../orders/options';
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
import {
  intakeModalId,
  TICKET_ORDER_BUTTON,
  TICKET_SERVICE_SELECT,
  type TicketButtonAction,
  ticketButtonId,
} from './custom-ids';
import { capacityQueueWords, TICKET_FAILED_ADVICE } from './customer-view';
import { TICKET_DEADLINE_MAX, TICKET_REQUEST_MAX } from './intake';
import type { TicketService } from './services';
import type { Ticket } from './ticket';
import { TICKET_STATUS_LABELS, ticketName } from './ticket-status';

// The ticket messages (Discord API v10 JSON), within Discord's limits, `allowed_mentions` on
// each: user text never pings, only the people a message is for.

/** A string select as Discord takes it (core/discord's payload types cover buttons only). */
type SelectRow = {
  type: 1;
  components: [
    {
      type: 3;
      custom_id: string;
      placeholder: string;
      min_values: 1;
      max_values: 1;
      options: { label: string; value: string }[];
    },
  ];
};
/** The panel: a row with the "Order a design" button, then the service select. */
type TicketPanelPayload = Omit<OrderMessagePayload, 'components'> & {
  components: [DiscordActionRow, SelectRow];
};

/** The service select: the panel's, and the one the "Order a design" button answers with. */
export function buildServiceSelect(services: TicketService[]): SelectRow {
  return {
    type: 1,
    components: [
      {
        type: 3,
        custom_id: TICKET_SERVICE_SELECT,
        placeholder: 'Pick a service or plan',
        min_values: 1,
        max_values: 1,
        // A select holds 25 options, labels up to 100 characters; site content allows 18.
        options: services.slice(0, 25).map((service) => ({
          label: service.label.slice(0, 100),
          value: service.key,
        })),
      },
    ],
  };
}

/** `/ticketpanel`: the embed, the "Order a design" button and the service select. */
export function buildTicketPanel(
  services: TicketService[],
  studioName = 'Lunar',
): TicketPanelPayload {
  const embed: DiscordEmbed = {
    title: 'Order a design',
    description:
      `Pick what you need below, or press **Order a design**. A short form asks what you want, ` +
      `your budget and deadline; ${escapeMarkdown(studioName)} then opens a private ticket where a designer takes it from there.`,
    color: ORDER_COLORS.brand,
  };
  return {
    embeds: [embed],
    components: [
      buttonRow({
        type: 2,
        style: BUTTON_STYLE.primary,
        label: 'Order a design',
        custom_id: TICKET_ORDER_BUTTON,
      }),
      buildServiceSelect(services),
    ],
    allowed_mentions: allowMentions(),
  };
}

/** The intake modal for one service: four inputs, each within Discord's modal limits. */
export function buildIntakeModal(service: TicketService): DiscordModal {
  const title = `Order: ${service.label}`.slice(0, MODAL_LIMITS.title);
  const input = (
    customId: string,
    label: string,
    style: 1 | 2,
    min: number,
    max: number,
    placeholder: string,
  ) => ({
    type: 1 as const,
    components: [
      {
        type: 4 as const,
        custom_id: customId,
        style,
        label,
        min_length: min,
        max_length: max,
        required: true,
        placeholder,
      },
    ] as [DiscordModal['components'][number]['components'][0]],
  });
  return withinModalLimits({
    custom_id: intakeModalId(service.key),
    title,
    components: [
      input(
        'request',
        'What do you want?',
        TEXT_INPUT_STYLE.paragraph,
        10,
        TICKET_REQUEST_MAX,
        'A logo and a banner in blue and gold…',
      ),
      input('budget', 'Budget (Robux)', TEXT_INPUT_STYLE.short, 1, 20, '1,500'),
      input('deadline', 'Deadline', TEXT_INPUT_STYLE.short, 1, TICKET_DEADLINE_MAX, 'Next Friday'),
      // One more than a username for a pasted leading @.
      input(
        'roblox_username',
        'Roblox username',
        TEXT_INPUT_STYLE.short,
        3,
        ROBLOX_USERNAME_MAX + 1,
        'Builder_1',
      ),
    ],
  });
}

const ticketButton = (
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
function intakeFields(ticket: Ticket) {
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

/**
 * The ticket's first message: the intake (what the customer asked, escaped so it shows as
 * typed), who claimed it and when, Claim and Close. Pings the customer only.
 */
export function buildIntakeMessage(ticket: Ticket): OrderMessagePayload {
  const payload: OrderMessagePayload = {
    content: `${mentionUser(ticket.customerDiscordId)} thanks for your order! A designer will be with you soon.`,
    embeds: [
      {
        title: `${ticketName(ticket.id)} · ${ticket.serviceLabel}`.slice(0, 256),
        description: escapeMarkdown(ticket.request),
        color: ticket.claimantDiscordId ? ORDER_COLORS.success : ORDER_COLORS.waiting,
        fields: intakeFields(ticket),
        footer: {
          text: `Status: ${TICKET_STATUS_LABELS[ticket.status]} · order id ${ticket.orderId}`,
        },
      },
    ],
    components: [
      buttonRow(
        ticketButton(
          'claim',
          ticket,
          ticket.claimantDiscordId ? 'Claimed' : 'Claim',
          BUTTON_STYLE.success,
          Boolean(ticket.claimantDiscordId),
        ),
        ticketButton('close', ticket, 'Close', BUTTON_STYLE.danger, ticket.status === 'closed'),
      ),
    ],
    allowed_mentions: allowMentions({ users: [ticket.customerDiscordId] }),
  };
  assertWithinLimits(payload);
  return payload;
}

/** The intake message after a claim, unclaim or reassign: shows who has it; pings nobody. */
export function buildIntakeUpdate(ticket: Ticket): OrderMessagePayload {
  return { ...buildIntakeMessage(ticket), allowed_mentions: allowMentions() };
}

/** Posted in the ticket when someone claims it: pings the customer once, not the designer. */
export function buildClaimAnnouncement(ticket: Ticket): OrderMessagePayload {
  const claimant = ticket.claimantDiscordId ?? '';
  return {
    content: `${mentionUser(ticket.customerDiscordId)} ${mentionUser(claimant)} will handle your order.`,
    embeds: [],
    allowed_mentions: allowMentions({ users: [ticket.customerDiscordId] }),
  };
}

/** Asked to close: the customer confirms or keeps it open (only they may press). */
export function buildClosePrompt(ticket: Ticket, askedBy: string): OrderMessagePayload {
  return {
    content: `${mentionUser(ticket.customerDiscordId)} ${mentionUser(askedBy)} asks to close this ticket. Is everything done?`,
    embeds: [],
    components: [
      buttonRow(
        ticketButton('confirm', ticket, 'Confirm and close', BUTTON_STYLE.success),
        ticketButton('keep', ticket, 'Keep open', BUTTON_STYLE.secondary),
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
          ...intakeFields(ticket),
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
  assertWithinLimits(payload);
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

function assertWithinLimits(payload: OrderMessagePayload): void {
  const problems = findLimitViolations(payload);
  if (problems.length > 0)
    throw new Error(`ticket message exceeds Discord limits: ${problems.join('; ')}`);
}
