import type { Interaction } from 'discord.js';
import type { Config } from '../core/config';

/** Role ids of the member behind an interaction, from the interaction itself (server side). */
export function memberRoleIds(interaction: Interaction): string[] {
  const member = interaction.member;
  if (!member) return [];
  // A cached guild gives a GuildMember; otherwise Discord's raw member with an id array.
  return Array.isArray(member.roles) ? member.roles : [...member.roles.cache.keys()];
}

export function canReviewApplications(interaction: Interaction, config: Config): boolean {
  const allowed = [config.DISCORD_LEAD_ROLE_ID, config.DISCORD_EXECUTIVE_ROLE_ID].filter(
    (id): id is string => Boolean(id),
  );
  return memberRoleIds(interaction).some((id) => allowed.includes(id));
}

export function displayNameOf(interaction: Interaction): string {
  const member = interaction.member;
  const nick = member && 'displayName' in member ? member.displayName : member?.nick;
  return nick ?? interaction.user.globalName ?? interaction.user.username;
}
