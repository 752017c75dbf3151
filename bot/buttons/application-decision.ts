import { type ButtonInteraction, type Message, MessageFlags } from 'discord.js';
import {
  APPLICATION_BUTTON_PREFIX,
  buildApplicationMessage,
  parseApplicationButtonId,
} from '../../core/application-message';
import type { DiscordEmbed } from '../../core/discord-payload';
import { createApplicationsRepository } from '../../db/repositories/applications';
import { toApplicationDecision, toApplicationMessageInput } from '../delivery/application-input';
import type { BotContext, ButtonHandler } from '../interactions';
import { canReviewApplications, displayNameOf } from '../member-roles';

export const REVIEW_REFUSAL = 'Only lead designers and executives can review applications.';

const ephemeral = (content: string) => ({ content, flags: MessageFlags.Ephemeral }) as const;

export const applicationDecisionButton: ButtonHandler = {
  customIdPrefix: APPLICATION_BUTTON_PREFIX,
  async execute(interaction: ButtonInteraction, { config, db }: BotContext) {
    const parsed = parseApplicationButtonId(interaction.customId);
    const id = Number(parsed?.id);
    if (!parsed || !Number.isSafeInteger(id))
      throw new Error(`bad custom id ${interaction.customId}`);
    // The role check happens here, on our side: Discord shows the buttons to everyone.
    if (!canReviewApplications(interaction, config)) {
      await interaction.reply(ephemeral(REVIEW_REFUSAL));
      return;
    }
    const applications = createApplicationsRepository(db);
    const decided = await applications.recordDecision(id, {
      status: parsed.action === 'accept' ? 'accepted' : 'rejected',
      reviewerId: interaction.user.id,
      reviewerName: displayNameOf(interaction),
    });
    const current = await applications.findById(id);
    if (!current) {
      await interaction.reply(ephemeral('This application no longer exists.'));
      return;
    }
    if (!decided) {
      // Another reviewer was first (a conditional update in the database settles the race).
      await interaction.reply(
        ephemeral(`Already ${current.status} by ${current.reviewerName ?? 'another reviewer'}.`),
      );
      return;
    }
    const payload = buildApplicationMessage(toApplicationMessageInput(current), {
      decision: toApplicationDecision(current),
    });
    await interaction.update({
      embeds: keepAttachedImages(payload.embeds, interaction.message),
      components: payload.components,
      allowedMentions: { parse: [] },
    });
  },
};

/**
 * The edit does not upload the files again, so an `attachment://` image would point at
 * nothing: reuse the URL Discord gave the image when the message was first posted.
 */
function keepAttachedImages(embeds: DiscordEmbed[], message: Message): DiscordEmbed[] {
  return embeds.map((embed, index) => {
    if (!embed.image?.url.startsWith('attachment://')) return embed;
    const posted = message.embeds[index]?.image?.url;
    return posted ? { ...embed, image: { url: posted } } : { ...embed, image: undefined };
  });
}
