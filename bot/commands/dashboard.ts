import { SlashCommandBuilder } from 'discord.js';
import { staffRolesFromDiscord } from '../../core/auth';
import { publicUrl, staffRoleIds } from '../../core/config';
import { createSignInLink } from '../../db/repositories/sign-in-links';
import { memberRoleIds } from '../member-roles';
import type { CommandModule } from '../modules';
import { DEFER_EPHEMERAL, edited } from '../orders/order-interaction';

export const NOT_STAFF_ANSWER =
  'The dashboard is for Lunar staff: it needs a staff role in this server. If you should have one, ask an executive.';

/**
 * `/dashboard`: a one-time sign-in link for the staff dashboard (10 minutes, once), only for
 * the invoker. The roles come from the member's roles in this server mapped by the config, the
 * same mapping the website uses at sign-in; the website re-reads them from Discord later.
 */
export const dashboardCommand: CommandModule = {
  data: new SlashCommandBuilder()
    .setName('dashboard')
    .setDescription('Get a one-time link to sign in to the staff dashboard (valid 10 minutes)')
    .toJSON(),
  // The staff role (DISCORD_STAFF_ROLE_ID) is not an order role, so the check is below.
  access: 'everyone',
  async execute(interaction, { config, db }) {
    await interaction.deferReply(DEFER_EPHEMERAL);
    const roles = staffRolesFromDiscord(memberRoleIds(interaction), staffRoleIds(config));
    if (roles.length === 0) {
      await interaction.editReply(edited(NOT_STAFF_ANSWER));
      return;
    }
    const path = await createSignInLink(db, {
      discordId: interaction.user.id,
      username: interaction.user.username,
      roles,
    });
    const url = new URL(path, publicUrl(config)).href;
    await interaction.editReply(
      edited(
        `Your sign-in link for the staff dashboard: ${url}\nIt works once, within 10 minutes. Do not share it: whoever opens it is signed in as you.`,
      ),
    );
  },
};
