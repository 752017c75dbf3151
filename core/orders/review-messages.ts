import { escapeMarkdown } from '../discord/markdown';
import { buildOrderCustomId, ORDER_MODAL_FIELDS } from './custom-ids';
import { type DiscordModal, TEXT_INPUT_STYLE, textInput, withinModalLimits } from './discord-modal';
import { REVIEW_COMMENT_MAX, REVIEW_RATING_MAX } from './options';
import type { OrderState } from './order';
import {
  allowMentions,
  BUTTON_STYLE,
  buttonRow,
  mentionUser,
  ORDER_COLORS,
  type OrderMessagePayload,
  orderButton,
  withinLimits,
} from './order-message';

/** The /review modal: rating 1–5, an optional comment, and consent to publish (default no). */
export function buildReviewModal(orderId: string): DiscordModal {
  return withinModalLimits({
    custom_id: buildOrderCustomId({ action: 'review', orderId }),
    title: `Review order ${orderId}`,
    components: [
      textInput({
        custom_id: ORDER_MODAL_FIELDS.rating,
        style: TEXT_INPUT_STYLE.short,
        label: 'Rating from 1 to 5',
        min_length: 1,
        max_length: 1,
        required: true,
        placeholder: '5',
      }),
      textInput({
        custom_id: ORDER_MODAL_FIELDS.comment,
        style: TEXT_INPUT_STYLE.paragraph,
        label: 'Comment (optional)',
        max_length: REVIEW_COMMENT_MAX,
        required: false,
        placeholder: 'How was your order?',
      }),
      textInput({
        custom_id: ORDER_MODAL_FIELDS.publish,
        style: TEXT_INPUT_STYLE.short,
        label: 'Show it on our website? (yes or no)',
        max_length: 3,
        required: false,
        value: 'no',
        placeholder: 'Only your rating, comment and first name',
      }),
    ],
  });
}

const stars = (rating: number) =>
  '★'.repeat(rating) + '☆'.repeat(Math.max(0, REVIEW_RATING_MAX - rating));

/**
 * The reviews-channel post. Never pings; the comment is shown exactly as typed. A review meant
 * for the website carries the executives' 'Hide from site' button ('Show on site' once hidden).
 */
export function buildReviewPost(order: OrderState): OrderMessagePayload {
  const { review } = order;
  if (!review) throw new RangeError(`order ${order.id} has no review`);
  const website = review.hidden
    ? 'Hidden by an executive'
    : review.publish
      ? 'The customer agreed to publish it'
      : 'Not for the website';
  return withinLimits({
    embeds: [
      {
        title: `Review of order ${order.id}`,
        description: `${stars(review.rating)} ${review.rating}/${REVIEW_RATING_MAX}${
          review.comment ? `\n\n${escapeMarkdown(review.comment)}` : ''
        }`,
        color: ORDER_COLORS.waiting,
        timestamp: review.at.toISOString(),
        fields: [
          { name: 'Customer', value: mentionUser(review.byDiscordId), inline: true },
          { name: 'Designer', value: mentionUser(order.designerDiscordId), inline: true },
          { name: 'Website', value: website, inline: true },
        ],
        footer: { text: `Order ${order.id}` },
      },
    ],
    ...(review.publish && {
      components: [
        buttonRow(
          review.hidden
            ? orderButton(
                'Show on site',
                BUTTON_STYLE.secondary,
                { action: 'review_show', orderId: order.id },
                false,
              )
            : orderButton(
                'Hide from site',
                BUTTON_STYLE.danger,
                { action: 'review_hide', orderId: order.id },
                false,
              ),
        ),
      ],
    }),
    allowed_mentions: allowMentions(),
  });
}

/** The ephemeral thanks after a review is stored. */
export function buildReviewThanks(order: OrderState): string {
  const published = order.review?.publish
    ? ' With your permission, it may appear on our website.'
    : '';
  return `Thank you for reviewing order ${order.id}!${published}`;
}
