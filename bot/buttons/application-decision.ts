import type { ButtonInteraction } from 'discord.js';
import {
  APPLICATION_BUTTON_PREFIX,
  parseApplicationButtonId,
} from '../../core/applications/discord-message';
import { decideApplication } from '../../db/repositories/application-decision';
import { displayNameOf } from '../member-roles';
import type { BotContext, ButtonModule } from '../modules';
import { ephemeral } from '../orders/order-interaction';

/**
 * Accept / Reject under an application message. Discord shows the buttons to everyone. The
 * decision is the dashboard's (decideApplication): the outbox worker then edits this message
 * and tells the applicant, retrying while Discord is away.
 */
export const applicationDecisionButton: ButtonModule = {
  customIdPrefix: APPLICATION_BUTTON_PREFIX,
  access: { roles: ['lead', 'executive'] },
  async execute(interaction: ButtonInteraction, { db }: BotContext) {
    const parsed = parseApplicationButtonId(interaction.customId);
    const id = Number(parsed?.id);
    if (!parsed || !Number.isSafeInteger(id))
      throw new Error(`bad custom id ${interaction.customId}`);
    // Acknowledge first: the database may take longer than Discord's 3 s window.
    await interaction.deferUpdate();
    const outcome = await decideApplication(
      db,
      id,
      { decision: parsed.action },
      { discordId: interaction.user.id, name: displayNameOf(interaction) },
    );
    if (!outcome.ok) await interaction.followUp(ephemeral(outcome.reason));
  },
};
