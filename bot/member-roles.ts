import type { Interaction } from 'discord.js';
import {
  type Config,
  DISCORD_ROLE_KEYS,
  DISCORD_ROLE_VARIABLES,
  type DiscordRoleKey,
} from '../core/config';
import type { Access, InteractionModules } from './modules';

/** How the roles read in answers to members. */
const ROLE_LABELS: Record<DiscordRoleKey, string> = {
  designer: 'Designer',
  payment_verifier: 'Payment Verifier',
  lead: 'Lead Designer',
  executive: 'Executive',
};

/** Role ids of the member behind an interaction, from the interaction itself (server side). */
export function memberRoleIds(interaction: Interaction): string[] {
  const member = interaction.member;
  if (!member) return [];
  // A cached guild gives a GuildMember; otherwise Discord's raw member with an id array.
  return Array.isArray(member.roles) ? member.roles : [...member.roles.cache.keys()];
}

/** The configured roles the member holds. */
export function memberRoleKeys(
  interaction: Interaction,
  roles: Config['discord']['roles'],
): Set<DiscordRoleKey> {
  const held = new Set(memberRoleIds(interaction));
  return new Set(DISCORD_ROLE_KEYS.filter((key) => roles[key] && held.has(roles[key])));
}

/** Undefined when the member may go ahead; otherwise the answer that says which role is missing. */
export function refusalFor(
  access: Access,
  held: Set<DiscordRoleKey>,
  roles: Config['discord']['roles'],
): string | undefined {
  if (access === 'everyone' || access.roles.some((key) => held.has(key))) return undefined;
  const labels = access.roles.map((key) => ROLE_LABELS[key]);
  const needed = `${labels.slice(0, -1).join(', ')}${labels.length > 1 ? ' or ' : ''}${labels.at(-1)}`;
  const unset = access.roles.filter((key) => !roles[key]);
  if (unset.length < access.roles.length) return `This needs the ${needed} role.`;
  // Nobody can pass: say so, rather than let staff think they lack a role they have.
  const variables = unset.map((key) => DISCORD_ROLE_VARIABLES[key]).join(' or ');
  return `This needs the ${needed} role, which is not set up yet: ${variables} must be set.`;
}

/** One warning per module whose roles are all unset: it refuses everyone until one is set. */
export function unreachableModules(
  modules: InteractionModules,
  roles: Config['discord']['roles'],
): string[] {
  const all = [
    ...modules.commands.map(({ data, access }) => ({ what: `/${data.name}`, access })),
    ...modules.buttons.map(({ customIdPrefix, access }) => ({
      what: `the ${customIdPrefix} buttons`,
      access,
    })),
    ...modules.modals.map(({ customIdPrefix, access }) => ({
      what: `the ${customIdPrefix} forms`,
      access,
    })),
  ];
  return all.flatMap(({ what, access }) => {
    if (access === 'everyone' || access.roles.some((key) => roles[key])) return [];
    const variables = access.roles.map((key) => DISCORD_ROLE_VARIABLES[key]).join(' or ');
    return [`Nobody can use ${what} until ${variables} is set.`];
  });
}

export function displayNameOf(interaction: Interaction): string {
  const member = interaction.member;
  const nick = member && 'displayName' in member ? member.displayName : member?.nick;
  return nick ?? interaction.user.globalName ?? interaction.user.username;
}
