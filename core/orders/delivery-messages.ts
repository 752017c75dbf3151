import type { DiscordEmbed } from '../discord/payload';
import type { OrderState } from './order';
import {
  allowMentions,
  fileLink,
  isImageUrl,
  mentionChannel,
  mentionUser,
  ORDER_COLORS,
  type OrderMessagePayload,
  withinLimits,
} from './order-message';

/** Why the work went to the ticket channel instead of the customer's DMs. */
export type DeliveryFallbackReason = 'dms_closed' | 'no_customer';

const FALLBACK_NOTES: Record<DeliveryFallbackReason, string> = {
  dms_closed:
    'We could not send your order by direct message because your DMs are closed, so it is delivered here instead.',
  no_customer:
    'No customer account is recorded for this order, so it is delivered here in the ticket.',
};

function deliveryEmbed(order: OrderState): DiscordEmbed {
  const url = order.workFileUrl;
  const work = url
    ? `Here is your finished work: ${fileLink('open the file', url)}.`
    : `Your designer ${mentionUser(order.designerDiscordId)} shares the files in your ticket ${mentionChannel(order.ticketChannelId)}.`;
  return {
    title: `Your order ${order.id} is ready`,
    description:
      `Thank you for choosing Lunar! ${work}\n\n` +
      `Happy with it? Leave a review with \`/review order_id:${order.id}\` in our server.`,
    color: ORDER_COLORS.success,
    fields: [{ name: 'Designer', value: mentionUser(order.designerDiscordId) }],
    ...(url && isImageUrl(url) ? { image: { url } } : {}),
    footer: { text: `Order ${order.id}` },
  };
}

/** The final work, sent to the customer by direct message. Nothing in a DM needs to ping. */
export function buildDeliveryDm(order: OrderState): OrderMessagePayload {
  return withinLimits({ embeds: [deliveryEmbed(order)], allowed_mentions: allowMentions() });
}

/**
 * The same delivery posted in the ticket channel when the DM cannot be sent (DMs closed) or
 * there is no customer to DM, with a note saying why; pings the customer when known.
 */
export function buildDeliveryInTicket(
  order: OrderState,
  reason: DeliveryFallbackReason,
): OrderMessagePayload {
  const customer = order.customerDiscordId;
  const note = FALLBACK_NOTES[reason];
  return withinLimits({
    content: customer ? `${mentionUser(customer)} ${note}` : note,
    embeds: [deliveryEmbed(order)],
    allowed_mentions: allowMentions({ users: [customer] }),
  });
}

/** The note in the ticket after a successful DM (the guide: confirm in the ticket). No ping. */
export function buildDeliveredNotice(order: OrderState): OrderMessagePayload {
  const to = order.customerDiscordId ? mentionUser(order.customerDiscordId) : 'the customer';
  return withinLimits({
    content: `Order ${order.id} was delivered to ${to} by direct message.`,
    embeds: [],
    allowed_mentions: allowMentions(),
  });
}
