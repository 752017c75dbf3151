import type { DiscordEmbed } from '../discord/payload';
import { formatRobux } from '../site/pricing';
import type { OrderState } from './order';
import {
  allowMentions,
  BUTTON_STYLE,
  buttonRow,
  fileLink,
  isImageUrl,
  mentionChannel,
  mentionUser,
  ORDER_COLORS,
  type OrderMessagePayload,
  orderButton,
  withinLimits,
} from './order-message';
import { designerShare, QC_PASSED_SHARE_PERCENT, QC_SKIPPED_SHARE_PERCENT } from './share';

/** Why the work went to the ticket channel instead of the customer's DMs. */
type DeliveryFallbackReason = 'dms_closed' | 'no_customer';

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

/**
 * /orderlog's answer for a paid order whose work was never sent to quality control (decision
 * 043): what delivering it without QC means, and the button that does it (delivered by the
 * bot, then logged at 80%). Ephemeral: only the one who ran /orderlog sees it.
 */
export function buildDeliverWithoutQcPrompt(order: OrderState): OrderMessagePayload {
  const to = order.customerDiscordId
    ? `${mentionUser(order.customerDiscordId)} by direct message`
    : `the ticket ${mentionChannel(order.ticketChannelId)} (no customer is recorded)`;
  const share = formatRobux(designerShare(order.priceRobux, false));
  return withinLimits({
    content:
      `Order ${order.id} has not been delivered, and its work was never sent to quality control. ` +
      `Submit it with /qualitycontrol for a ${QC_PASSED_SHARE_PERCENT}% share once it passes, ` +
      `or deliver it now without QC: the bot sends it to ${to} and logs it with an ` +
      `${QC_SKIPPED_SHARE_PERCENT}% share (${share}).`,
    embeds: [],
    components: [
      buttonRow(
        orderButton(
          `Deliver without QC and log (${QC_SKIPPED_SHARE_PERCENT}%)`,
          BUTTON_STYLE.danger,
          { action: 'deliver_noqc', orderId: order.id },
          false,
        ),
      ),
    ],
    allowed_mentions: allowMentions(),
  });
}
