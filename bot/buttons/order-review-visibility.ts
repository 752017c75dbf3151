import { buildReviewPost, parseOrderCustomId } from '../../core/orders';
import { createOrdersRepository } from '../../db/repositories/orders';
import { testimonialsChanged } from '../../db/repositories/testimonials';
import type { ButtonModule } from '../modules';
import { actorOf, ephemeral, toMessageOptions } from '../orders/order-interaction';

function visibilityButton(action: 'review_hide' | 'review_show'): ButtonModule {
  const hidden = action === 'review_hide';
  return {
    customIdPrefix: `order:${action}`,
    access: { roles: ['executive'] },
    async execute(interaction, { config, db }) {
      const parsed = parseOrderCustomId(interaction.customId);
      if (!parsed) throw new Error(`bad custom id ${interaction.customId}`);
      await interaction.deferUpdate();
      // The state machine checks the executive role again, from the member's roles and config.
      const result = await createOrdersRepository(db).applyOrderCommand(
        { type: 'setReviewHidden', orderId: parsed.orderId, hidden },
        actorOf(interaction, config.discord.roles),
      );
      if (!result.ok) {
        await interaction.followUp(ephemeral(result.reason));
        return;
      }
      await testimonialsChanged(db);
      // The post now says the review is hidden (or shown) and offers the opposite button.
      const post = toMessageOptions(buildReviewPost(result.order));
      await interaction.editReply({ ...post, allowedMentions: { parse: [] } });
      await interaction.followUp(
        ephemeral(
          hidden
            ? `The review of order ${parsed.orderId} is hidden from the website.`
            : `The review of order ${parsed.orderId} is shown on the website again.`,
        ),
      );
    },
  };
}

/** Under a review meant for the website: executives hide it from the home page, or show it. */
export const reviewHideButton = visibilityButton('review_hide');
export const reviewShowButton = visibilityButton('review_show');
