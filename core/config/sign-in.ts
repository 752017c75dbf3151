import { z } from 'zod';
import type { DiscordRoleMap } from '../auth/discord-roles';
import { optionalText, snowflake } from './fields';

// Staff sign-in (docs/decisions/006-staff-sign-in.md): the variables it adds, the rules across
// them, and `signInSettings`, the one function that turns them into what the server uses.

export const signInVariables = {
  // "Sign in with Discord" (OAuth2): both from the developer portal's OAuth2 page. Unset, the
  // one-time links (/dashboard in Discord, `npm run login-link`) are the way in.
  DISCORD_CLIENT_ID: snowflake('application'),
  DISCORD_CLIENT_SECRET: optionalText,
  // Where the browser is sent to approve; only tests point it elsewhere.
  DISCORD_OAUTH_URL: z.url({ error: 'must be a URL such as https://discord.com' }).optional(),
  // Guild roles that make a member staff, next to DISCORD_LEAD_ROLE_ID and
  // DISCORD_EXECUTIVE_ROLE_ID. (The bot branch defines the designer and verifier variables too;
  // keep one definition at merge.)
  DISCORD_STAFF_ROLE_ID: snowflake('role'),
  DISCORD_DESIGNER_ROLE_ID: snowflake('role'),
  DISCORD_PAYMENT_VERIFIER_ROLE_ID: snowflake('role'),
};

const ROLE_VARIABLES = [
  'DISCORD_STAFF_ROLE_ID',
  'DISCORD_DESIGNER_ROLE_ID',
  'DISCORD_PAYMENT_VERIFIER_ROLE_ID',
  'DISCORD_LEAD_ROLE_ID',
  'DISCORD_EXECUTIVE_ROLE_ID',
] as const;

/** Rules across the sign-in variables, on the raw environment (see crossVariableErrors). */
export function signInCrossErrors(env: Record<string, string | undefined>): string[] {
  const set = (name: string) => Boolean(env[name]?.trim());
  const errors: string[] = [];
  if (set('DISCORD_CLIENT_ID') !== set('DISCORD_CLIENT_SECRET')) {
    const missing = set('DISCORD_CLIENT_ID') ? 'DISCORD_CLIENT_SECRET' : 'DISCORD_CLIENT_ID';
    errors.push(
      `${missing}: sign-in with Discord needs both DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET (developer portal > OAuth2)`,
    );
  }
  if (set('DISCORD_CLIENT_ID') && !set('DISCORD_TOKEN')) {
    errors.push(
      'DISCORD_TOKEN: is required when DISCORD_CLIENT_ID is set: sign-in reads the member’s roles in the studio server with the bot',
    );
  }
  if (set('DISCORD_CLIENT_ID') && !ROLE_VARIABLES.some(set)) {
    errors.push(
      `DISCORD_CLIENT_ID: sign-in with Discord needs at least one staff role: set ${ROLE_VARIABLES.join(', ')}`,
    );
  }
  return errors;
}

type SignInEnv = {
  PUBLIC_URL?: string;
  DISCORD_TOKEN?: string;
  DISCORD_API_URL?: string;
  DISCORD_GUILD_ID?: string;
  DISCORD_LEAD_ROLE_ID?: string;
  DISCORD_EXECUTIVE_ROLE_ID?: string;
} & z.output<z.ZodObject<typeof signInVariables>>;

export type DiscordOAuthSettings = {
  clientId: string;
  clientSecret: string;
  /** The page the browser is sent to (`https://discord.com/oauth2/authorize`). */
  authorizeUrl: string;
  /** REST base with version, for the token exchange and `/users/@me`. */
  apiBaseUrl: string;
};

export type DiscordRoleSource = {
  apiBaseUrl: string;
  botToken: string;
  guildId: string;
  roleIds: DiscordRoleMap;
};

export type SignInSettings = {
  /** Null: "Sign in with Discord" is off. */
  oauth: DiscordOAuthSettings | null;
  /** Null: roles are not read from Discord (no bot, or no staff role configured). */
  roleSource: DiscordRoleSource | null;
};

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/**
 * Guild role id per staff role. The bot's /dashboard command maps the invoker's roles with it
 * (`staffRolesFromDiscord`) before `createSignInLink`, as the server does at sign-in.
 */
export function staffRoleIds(config: SignInEnv): DiscordRoleMap {
  return {
    staff: config.DISCORD_STAFF_ROLE_ID,
    designer: config.DISCORD_DESIGNER_ROLE_ID,
    payment_verifier: config.DISCORD_PAYMENT_VERIFIER_ROLE_ID,
    lead: config.DISCORD_LEAD_ROLE_ID,
    executive: config.DISCORD_EXECUTIVE_ROLE_ID,
  };
}

export function signInSettings(config: SignInEnv): SignInSettings {
  const apiBaseUrl = `${trimSlash(config.DISCORD_API_URL ?? 'https://discord.com/api')}/v10`;
  const roleIds = staffRoleIds(config);
  const anyRole = Object.values(roleIds).some(Boolean);
  const roleSource =
    config.DISCORD_TOKEN && config.DISCORD_GUILD_ID && anyRole
      ? { apiBaseUrl, botToken: config.DISCORD_TOKEN, guildId: config.DISCORD_GUILD_ID, roleIds }
      : null;
  const oauth =
    config.DISCORD_CLIENT_ID && config.DISCORD_CLIENT_SECRET && roleSource
      ? {
          clientId: config.DISCORD_CLIENT_ID,
          clientSecret: config.DISCORD_CLIENT_SECRET,
          authorizeUrl: `${trimSlash(config.DISCORD_OAUTH_URL ?? 'https://discord.com')}/oauth2/authorize`,
          apiBaseUrl,
        }
      : null;
  return { oauth, roleSource };
}
