import { type ButtonInteraction, type Message, MessageFlags } from 'discord.js';
import {
  APPLICATION_BUTTON_PREFIX,
  buildApplicationMessage,
  parseApplicationButtonId,
} from '../../core/applications/discord-message';
import type { DiscordEmbed } from '../../core/discord/payload';
import { createApplicationsRepository } from '../../db/repositories/applications';
import { toApplicationDecision, toApplicationMessageInput } from '../delivery/application-input';
import { displayNameOf } from '../member-roles';
import type { BotContext, ButtonModule } from '../modules';

const ephemeral = (content: string) => ({ content, flags: MessageFlags.Ephemeral }) as const;

/** Accept / Reject under an application message. Discord shows the buttons to everyone. */
export const applicationDecisionButton: ButtonModule = {
  customIdPrefix: APPLICATION_BUTTON_PREFIX,
  access: { roles: ['lead', 'executive'] },
  async execute(interaction: ButtonInteraction, { db, log }: BotContext) {
    const parsed = parseApplicationButtonId(interaction.customId);
    const id = Number(parsed?.id);
    if (!parsed || !Number.isSafeInteger(id))
      throw new Error(`bad custom id ${interaction.customId}`);
    // Acknowledge first: the database and the edit may take longer than Discord's 3 s window.
    await interaction.deferUpdate();
    const applications = createApplicationsRepository(db);
    const decided = await applications.recordDecision(id, {
      status: parsed.action === 'accept' ? 'accepted' : 'rejected',
      reviewerId: interaction.user.id,
      reviewerName: displayNameOf(interaction),
    });
    const current = await applications.findById(id);
    if (!current) {
      await interaction.followUp(ephemeral('This application no longer exists.'));
      return;
    }
    // Both branches re-render from the stored row, so a click after a lost edit (Discord
    // down, token expired) heals the message instead of leaving live buttons forever.
    const payload = buildApplicationMessage(toApplicationMessageInput(current), {
      decision: toApplicationDecision(current),
    });
    const edited = await interaction
      .editReply({
        embeds: keepAttachedImages(payload.embeds, interaction.message),
        components: payload.components,
        allowedMentions: { parse: [] },
      })
      .then(
        () => true,
        (error: unknown) => {
          log.warn({ err: error, applicationId: id }, 'application message edit failed');
          return false;
        },
      );
    const by = current.reviewerName ?? 'another reviewer';
    if (!decided) {
      // Another reviewer was first (a conditional update in the database settles the race).
      await interaction.followUp(ephemeral(`Already ${current.status} by ${by}.`));
    } else if (!edited) {
      await interaction.followUp(
        ephemeral(
          `Your decision is saved (${current.status}), but the message could not be updated. ` +
            'Click either button again to refresh it.',
        ),
      );
    }
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
