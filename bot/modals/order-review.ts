import {
  buildReviewPost,
  buildReviewThanks,
  ORDER_MODAL_FIELDS,
  parseOrderCustomId,
  pickTestimonialName,
} from '../../core/orders';
import { createOrdersRepository } from '../../db/repositories/orders';
import { testimonialsChanged } from '../../db/repositories/testimonials';
import type { ModalModule } from '../modules';
import { actorOf, DEFER_EPHEMERAL, edited, modalText } from '../orders/order-interaction';

/** The /review modal: stored once per order, posted to the reviews channel, thanked. */
export const reviewModal: ModalModule = {
  customIdPrefix: 'order:review',
  access: 'everyone',
  async execute(interaction, { config, db }) {
    const parsed = parseOrderCustomId(interaction.customId);
    if (!parsed) throw new Error(`bad custom id ${interaction.customId}`);
    await interaction.deferReply(DEFER_EPHEMERAL);
    const result = await createOrdersRepository(db).applyOrderCommand(
      {
        type: 'review',
        orderId: parsed.orderId,
        channelId: interaction.channelId ?? '',
        rating: modalText(interaction, ORDER_MODAL_FIELDS.rating),
        comment: modalText(interaction, ORDER_MODAL_FIELDS.comment),
        publish: modalText(interaction, ORDER_MODAL_FIELDS.publish),
        // Signed with this if published: a first name or username, never the Discord id.
        authorName: pickTestimonialName({
          displayName: interaction.user.globalName,
          username: interaction.user.username,
        }),
      },
      actorOf(interaction, config.discord.roles),
      new Date(),
      (next) => [{ target: { channel: 'reviews' }, payload: buildReviewPost(next) }],
    );
    if (result.ok && result.order.review?.publish) await testimonialsChanged(db);
    await interaction.editReply(
      edited(result.ok ? buildReviewThanks(result.order) : result.reason),
    );
  },
};
