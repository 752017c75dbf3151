import {
  type AutocompleteInteraction,
  type BaseMessageOptions,
  type Interaction,
  MessageFlags,
  type ModalSubmitInteraction,
  type SlashCommandStringOption,
} from 'discord.js';
import { type Config, DISCORD_CHANNEL_VARIABLES } from '../../core/config';
import {
  type Actor,
  buildDeliveryDm,
  buildDeliveryInTicket,
  ORDER_ID_MAX,
  ORDER_STATUS_LABELS,
  type OrderMessagePayload,
  type OrderState,
} from '../../core/orders';
import { createOrdersRepository, type OrderMessage } from '../../db/repositories/orders';
import { memberRoleKeys } from '../member-roles';
import type { BotContext } from '../modules';

/** Discord shows at most 25 suggestions, each name at most 100 characters. */
const MAX_CHOICES = 25;

/** Who is acting, with the roles the server's config gives their member roles right now. */
export function actorOf(interaction: Interaction, roles: Config['discord']['roles']): Actor {
  return { discordId: interaction.user.id, roles: memberRoleKeys(interaction, roles) };
}

/** An answer only the invoker sees; never pings, whatever the text holds. */
export const ephemeral = (content: string) =>
  ({ content, flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } }) as const;

/** Edits a deferred ephemeral answer; the flags were set when deferring. */
export const edited = (content: string) => ({ content, allowedMentions: { parse: [] } }) as const;

/** Defers the invoker's answer, only they see it. */
export const DEFER_EPHEMERAL = { flags: MessageFlags.Ephemeral } as const;

/** A core order message as discord.js message options, its allowed mentions kept. */
export function toMessageOptions(payload: OrderMessagePayload): BaseMessageOptions {
  const { parse, users, roles } = payload.allowed_mentions;
  return {
    content: payload.content ?? '',
    embeds: payload.embeds as BaseMessageOptions['embeds'],
    components: (payload.components ?? []) as BaseMessageOptions['components'],
    allowedMentions: { parse, ...(users && { users }), ...(roles && { roles }) },
  };
}

/**
 * What delivering an order sends, through the outbox: the work to the customer's DMs (the
 * worker falls back to the ticket, with a note, when they are closed), or to the ticket when
 * no customer is recorded. The Deliver button and the delivery without QC send the same.
 */
export function deliveryMessages(next: OrderState): OrderMessage[] {
  return [
    next.customerDiscordId
      ? {
          target: {
            dmUserId: next.customerDiscordId,
            fallbackChannelId: next.ticketChannelId,
            fallback: buildDeliveryInTicket(next, 'dms_closed'),
          },
          payload: buildDeliveryDm(next),
        }
      : {
          target: { channelId: next.ticketChannelId },
          payload: buildDeliveryInTicket(next, 'no_customer'),
        },
  ];
}

/** Told to whoever delivered, once the delivery is queued. */
export function deliveredAnswer(order: OrderState): string {
  return order.customerDiscordId
    ? `Order ${order.id} is on its way to the customer by direct message (or to this ticket if their DMs are closed).`
    : `Order ${order.id} is delivered in this ticket: no customer account is recorded.`;
}

const CHANNEL_LABELS = {
  qc: 'quality-control',
  order_log: 'order-log',
  reviews: 'reviews',
  payments: 'payments',
};

/** Said to the invoker when the channel a command posts to is not configured. */
export function missingChannel(
  config: Config,
  key: keyof typeof CHANNEL_LABELS,
): string | undefined {
  if (config.discord.channels[key]) return undefined;
  return `The ${CHANNEL_LABELS[key]} channel is not set up yet: ${DISCORD_CHANNEL_VARIABLES[key]} must be set. Ask an executive.`;
}

/** Suggestions for `order_id`: the invoker's own open orders first. */
export async function suggestOrders(
  interaction: AutocompleteInteraction,
  { db }: BotContext,
): Promise<void> {
  const typed = String(interaction.options.getFocused() ?? '').slice(0, 32);
  const choices = await createOrdersRepository(db).listOrderChoices(
    interaction.user.id,
    typed,
    MAX_CHOICES,
  );
  await interaction.respond(
    choices.map(({ id, status }) => ({
      name: `${id} (${ORDER_STATUS_LABELS[status].toLowerCase()})`.slice(0, 100),
      value: id,
    })),
  );
}

/** A modal's text input; an optional one left out of the submission reads as empty. */
export function modalText(interaction: ModalSubmitInteraction, customId: string): string {
  try {
    return interaction.fields.getTextInputValue(customId);
  } catch {
    return '';
  }
}

/** The `order_id` option every order command takes: autocompleted from the invoker's orders. */
export function orderIdOption(
  option: SlashCommandStringOption,
  description: string,
  { required = true } = {},
) {
  return option
    .setName('order_id')
    .setDescription(description)
    .setRequired(required)
    .setMaxLength(ORDER_ID_MAX)
    .setAutocomplete(true);
}
