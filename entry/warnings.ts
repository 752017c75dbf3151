import { type Config, DISCORD_ROLE_VARIABLES, hasDiscordConnection, hasRole } from '../core/config';

/**
 * What start-up says about a configuration that works but leaves someone stuck. Applications
 * are reviewed by leads and executives; with neither role set nobody can Accept or Reject
 * one. A process that runs the bot says so itself, per button (bot/member-roles.ts), so this
 * is for the others: the bot off (the default) or running elsewhere.
 */
export function startupWarnings(config: Config): string[] {
  const warnings: string[] = [];
  const { lead, executive } = config.discord.roles;
  const botHere = hasRole(config, 'bot') && hasDiscordConnection(config);
  if (!lead && !executive && !botHere) {
    warnings.push(
      `No reviewer role is set: nobody can Accept or Reject an application until ${DISCORD_ROLE_VARIABLES.lead} or ${DISCORD_ROLE_VARIABLES.executive} is set (see .env.example).`,
    );
  }
  return warnings;
}
