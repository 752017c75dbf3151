import { z } from 'zod';
import type { DiscordRoleMap } from '../auth/discord-roles';
import type { DiscordConfig } from './discord';
import { optionalText, snowflake } from './fields';

// Staff sign-in (docs/decisions/009-staff-sign-in.md): the variables it adds, the rules across
// them, and `signInSettings`, the one function that turns them (with `config.discord`) into
// what the server uses.

export const signInVariables = {
  // "Sign in with Discord" (OAuth2): both from the developer portal's OAuth2 page. Unset, the
  // one-time links (/dashboard in Discord, `npm run login-link`) are the way in.
  DISCORD_CLIENT_ID: snowflake('application'),
  DISCORD_CLIENT_SECRET: optionalText,
  // Where the browser is sent to approve; only tests point it elsewhere.
  DISCORD_OAUTH_URL: z.url({ error: 'must be a URL such as https://discord.com' }).optional(),
  // Plain staff, beside the designer, verifier, lead and executive roles of `config.discord`.
  DISCORD_STAFF_ROLE_ID: snowflake('role'),
};

type SignInVariable = keyof typeof signInVariables;
type SignInEnv = z.output<z.ZodObject<typeof signInVariables>>;

/** The sign-in variables, as `config.signIn`. */
type SignInConfig = {
  clientId?: string;
  clientSecret?: string;
  oauthUrl?: string;
  staffRoleId?: string;
};

/** Moves the parsed sign-in variables into `signIn`, and leaves the rest as it was. */
export function withSignInConfig<T extends SignInEnv>(
  parsed: T,
): { [K in Exclude<keyof T, SignInVariable>]: T[K] } & { signIn: SignInConfig } {
  const { DISCORD_CLIENT_ID, DISCORD_CLIENT_SECRET, DISCORD_OAUTH_URL, DISCORD_STAFF_ROLE_ID } =
    parsed;
  const rest: Record<string, unknown> = { ...parsed };
  for (const name of Object.keys(signInVariables)) delete rest[name];
  return {
    ...(rest as { [K in Exclude<keyof T, SignInVariable>]: T[K] }),
    signIn: {
      clientId: DISCORD_CLIENT_ID,
      clientSecret: DISCORD_CLIENT_SECRET,
      oauthUrl: DISCORD_OAUTH_URL,
      staffRoleId: DISCORD_STAFF_ROLE_ID,
    },
  };
}

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

type SignInSources = { discord: DiscordConfig; signIn: SignInConfig };

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/**
 * Guild role id per staff role. The bot's /dashboard command maps the invoker's roles with it
 * (`staffRolesFromDiscord`) before `createSignInLink`, as the server does at sign-in.
 */
export function staffRoleIds(config: SignInSources): DiscordRoleMap {
  return { staff: config.signIn.staffRoleId, ...config.discord.roles };
}

export function signInSettings(config: SignInSources): SignInSettings {
  const connection = config.discord.connection;
  const apiBaseUrl = `${trimSlash(connection?.apiUrl ?? 'https://discord.com/api')}/v10`;
  const roleIds = staffRoleIds(config);
  const roleSource =
    connection && Object.values(roleIds).some(Boolean)
      ? { apiBaseUrl, botToken: connection.token, guildId: connection.guildId, roleIds }
      : null;
  const { clientId, clientSecret, oauthUrl } = config.signIn;
  const oauth =
    clientId && clientSecret && roleSource
      ? {
          clientId,
          clientSecret,
          authorizeUrl: `${trimSlash(oauthUrl ?? 'https://discord.com')}/oauth2/authorize`,
          apiBaseUrl,
        }
      : null;
  return { oauth, roleSource };
}

/** "Continue with Discord" for customers (decision 047): the same application, its own scopes. */
export type CustomerSignInSettings = {
  oauth: DiscordOAuthSettings;
  /** The studio's server, which the bot adds the customer to for their ticket. */
  guildId: string;
};

/**
 * Customer sign-in is on when the OAuth2 application (client id and secret) and the bot (token
 * and server) are configured: without the bot no ticket could open. Null: off.
 */
export function customerSignInSettings(config: SignInSources): CustomerSignInSettings | null {
  const connection = config.discord.connection;
  const { clientId, clientSecret, oauthUrl } = config.signIn;
  if (!clientId || !clientSecret || !connection) return null;
  return {
    oauth: {
      clientId,
      clientSecret,
      authorizeUrl: `${trimSlash(oauthUrl ?? 'https://discord.com')}/oauth2/authorize`,
      apiBaseUrl: `${trimSlash(connection.apiUrl ?? 'https://discord.com/api')}/v10`,
    },
    guildId: connection.guildId,
  };
}
