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
  ORDER_COLORS,
  type OrderMessagePayload,
} from '../orders/order-message';
import { intakeModalId, TICKET_ORDER_BUTTON, TICKET_SERVICE_SELECT } from './custom-ids';
import { TICKET_DEADLINE_MAX, TICKET_REQUEST_MAX } from './intake';
import type { TicketService } from './services';

// How a customer asks for a ticket in Discord: the panel, its service select and the intake
// form (Discord API v10 JSON, within Discord's limits).

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
