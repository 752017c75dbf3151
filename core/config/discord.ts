import { z } from 'zod';
import { optionalText, snowflake } from './fields';

// Discord settings: parsed from the variables below, handed to the rest of the code only as
// `config.discord` (maps keyed by role and channel), so no other file knows a variable name.

export const DISCORD_ROLE_KEYS = ['designer', 'payment_verifier', 'lead', 'executive'] as const;
export type DiscordRoleKey = (typeof DISCORD_ROLE_KEYS)[number];

const DISCORD_CHANNEL_KEYS = [
  'applications',
  'moderator_applications',
  'designer_applications',
  'contact',
  'qc',
  'order_log',
  'reviews',
  'payments',
] as const;
export type DiscordChannelKey = (typeof DISCORD_CHANNEL_KEYS)[number];
/** The channels order messages go to (QC, order log, reviews, payment verification). */
export type OrderChannelKey = Extract<
  DiscordChannelKey,
  'qc' | 'order_log' | 'reviews' | 'payments'
>;

/** The variable behind each role, for messages that tell staff what to set. */
export const DISCORD_ROLE_VARIABLES = {
  designer: 'DISCORD_DESIGNER_ROLE_ID',
  payment_verifier: 'DISCORD_PAYMENT_VERIFIER_ROLE_ID',
  lead: 'DISCORD_LEAD_ROLE_ID',
  executive: 'DISCORD_EXECUTIVE_ROLE_ID',
} as const satisfies Record<DiscordRoleKey, string>;

/** The variable behind each channel. */
export const DISCORD_CHANNEL_VARIABLES = {
  applications: 'DISCORD_APPLICATIONS_CHANNEL_ID',
  moderator_applications: 'DISCORD_MODERATOR_APPLICATIONS_CHANNEL_ID',
  designer_applications: 'DISCORD_DESIGNER_APPLICATIONS_CHANNEL_ID',
  contact: 'DISCORD_CONTACT_CHANNEL_ID',
  qc: 'DISCORD_QC_CHANNEL_ID',
  order_log: 'DISCORD_ORDER_LOG_CHANNEL_ID',
  reviews: 'DISCORD_REVIEWS_CHANNEL_ID',
  payments: 'DISCORD_PAYMENTS_CHANNEL_ID',
} as const satisfies Record<DiscordChannelKey, string>;

export const discordVariables = {
  // Real tokens are three base64url parts (user id, timestamp, HMAC); the check catches a
  // pasted "Bot " prefix, quotes or a client secret before Discord answers 401.
  DISCORD_TOKEN: optionalText.refine(
    (value) => value === undefined || /^[\w-]+\.[\w-]+\.[\w-]+$/.test(value),
    {
      message:
        'must be the bot token from the developer portal (Bot → Reset Token): three parts separated by dots, without "Bot " or quotes',
    },
  ),
  DISCORD_API_URL: z.url({ error: 'must be a URL such as https://discord.com/api' }).optional(),
  DISCORD_APPLICATION_ID: snowflake('application'),
  DISCORD_GUILD_ID: snowflake('server'),
  DISCORD_DESIGNER_ROLE_ID: snowflake('role'),
  DISCORD_PAYMENT_VERIFIER_ROLE_ID: snowflake('role'),
  DISCORD_LEAD_ROLE_ID: snowflake('role'),
  DISCORD_EXECUTIVE_ROLE_ID: snowflake('role'),
  DISCORD_APPLICATIONS_CHANNEL_ID: snowflake('channel'),
  DISCORD_MODERATOR_APPLICATIONS_CHANNEL_ID: snowflake('channel'),
  DISCORD_DESIGNER_APPLICATIONS_CHANNEL_ID: snowflake('channel'),
  DISCORD_CONTACT_CHANNEL_ID: snowflake('channel'),
  DISCORD_QC_CHANNEL_ID: snowflake('channel'),
  DISCORD_ORDER_LOG_CHANNEL_ID: snowflake('channel'),
  DISCORD_REVIEWS_CHANNEL_ID: snowflake('channel'),
  DISCORD_PAYMENTS_CHANNEL_ID: snowflake('channel'),
};

type DiscordVariable = keyof typeof discordVariables;
type DiscordEnv = z.output<z.ZodObject<typeof discordVariables>>;

/** What the bot needs to connect; present exactly when DISCORD_TOKEN is set. */
export interface DiscordConnection {
  token: string;
  /** The studio server: the only guild whose interactions are answered. */
  guildId: string;
  /** REST base URL; only tests point it elsewhere. */
  apiUrl?: string;
  /** Unset: `npm run discord:register` asks Discord (GET /applications/@me). */
  applicationId?: string;
}

export interface DiscordConfig {
  /** Undefined without DISCORD_TOKEN: the bot is off and deliveries wait in the outbox. */
  connection: DiscordConnection | undefined;
  roles: Record<DiscordRoleKey, string | undefined>;
  channels: Record<DiscordChannelKey, string | undefined>;
}

/** Moves the parsed DISCORD_* variables into `discord`, and leaves the rest as it was. */
export function withDiscordConfig<T extends DiscordEnv>(
  parsed: T,
): Flatten<Omit<T, DiscordVariable> & { discord: DiscordConfig }> {
  const rest: Record<string, unknown> = { ...parsed };
  for (const name of Object.keys(discordVariables)) delete rest[name];
  const token = parsed.DISCORD_TOKEN;
  const guildId = parsed.DISCORD_GUILD_ID;
  const discord: DiscordConfig = {
    // A token without a guild is refused by discordCrossErrors, so both are set or neither.
    connection:
      token && guildId
        ? {
            token,
            guildId,
            apiUrl: parsed.DISCORD_API_URL,
            applicationId: parsed.DISCORD_APPLICATION_ID,
          }
        : undefined,
    roles: mapKeys(DISCORD_ROLE_VARIABLES, parsed),
    channels: mapKeys(DISCORD_CHANNEL_VARIABLES, parsed),
  };
  return { ...(rest as Omit<T, DiscordVariable>), discord };
}

/** Shows the config's type as one object in editors and errors, not as Omit<…> & {…}. */
type Flatten<T> = { [K in keyof T]: T[K] } & {};

function mapKeys<K extends string>(
  variables: Record<K, DiscordVariable>,
  parsed: DiscordEnv,
): Record<K, string | undefined> {
  const entries = Object.entries(variables) as [K, DiscordVariable][];
  return Object.fromEntries(
    entries.map(([key, name]) => [key, parsed[name] as string | undefined]),
  ) as Record<K, string | undefined>;
}

/** Rules across the Discord variables, on the raw environment (see crossVariableErrors). */
export function discordCrossErrors(env: Record<string, string | undefined>): string[] {
  if (env.DISCORD_TOKEN?.trim() && !env.DISCORD_GUILD_ID?.trim()) {
    return ['DISCORD_GUILD_ID: is required when DISCORD_TOKEN is set: the id of the studio server'];
  }
  return [];
}

/** A configuration whose DISCORD_TOKEN (and so DISCORD_GUILD_ID) is set. */
export type WithDiscordConnection<C extends { discord: DiscordConfig }> = C & {
  discord: { connection: DiscordConnection };
};

/**
 * Whether the bot can connect at all. The one check of DISCORD_TOKEN's presence: code past it
 * takes a `WithDiscordConnection` config and never asks again.
 */
export function hasDiscordConnection<C extends { discord: DiscordConfig }>(
  config: C,
): config is WithDiscordConnection<C> {
  return config.discord.connection !== undefined;
}
