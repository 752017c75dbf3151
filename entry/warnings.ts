import { type Config, DISCORD_ROLE_VARIABLES, hasDiscordConnection, hasRole } from '../core/config';

/**
 * What start-up says about a configuration that works but leaves someone stuck. Applications
 * are decided in the dashboard by leads and executives (and the owner) whatever the bot does;
 * members get those roles from the Discord roles DISCORD_LEAD_ROLE_ID and
 * DISCORD_EXECUTIVE_ROLE_ID name, or from a sign-in link (`npm run login-link`). Without a
 * Discord connection the role ids mean nothing, so there is nothing to say. A process that
 * runs the bot warns per button itself (bot/member-roles.ts); this is for a web process whose
 * bot runs elsewhere.
 */
export function startupWarnings(config: Config): string[] {
  const warnings: string[] = [];
  const { lead, executive } = config.discord.roles;
  const botHere = hasRole(config, 'bot') && hasDiscordConnection(config);
  if (!lead && !executive && hasDiscordConnection(config) && !botHere) {
    warnings.push(
      'No reviewer role is set: only the owner and staff given the lead or executive role by ' +
        '`npm run login-link` can accept or reject applications (in the dashboard). Set ' +
        `${DISCORD_ROLE_VARIABLES.lead} or ${DISCORD_ROLE_VARIABLES.executive} so members ` +
        'with that Discord role can too (see .env.example).',
    );
  }
  return warnings;
}
