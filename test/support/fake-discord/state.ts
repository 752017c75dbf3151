import { randomBytes } from 'node:crypto';
import type { UploadedFile } from './body';
import type { RegisteredCommand } from './commands';
import {
  type GuildOptions,
  type SeededChannel,
  type SeededGuild,
  type SeededUser,
  seedGuild,
} from './guild';
import type { FakeAttachment, FakeMessage } from './messages';
import { createOAuthState, type OAuthOptions, type OAuthState } from './oauth';
import { generateSnowflake } from './snowflake';

export interface RecordedRequest {
  method: string;
  /** Path without the `/api/v10` prefix, e.g. `/channels/123/messages`. */
  path: string;
  query: Record<string, string>;
  body: unknown;
  files: Array<{ filename: string; contentType: string; bytes: Buffer }>;
  status: number;
  /** True when the body broke one of Discord's limits and got 400 Invalid Form Body. */
  rejected: boolean;
  /** True when the client hung up (e.g. aborted the call) before it was answered. */
  abandoned?: boolean;
  at: number;
}

export type Fault =
  | { status: 429; retryAfter: number; global?: boolean; scope?: 'user' | 'shared' }
  | { status: 500 | 502 | 503 }
  /** A JSON error Discord sends for a refused request, e.g. 400 with code 50035. */
  | { status: 400 | 401 | 403 | 404; code: number; message?: string };

export interface FaultMatch {
  method?: string;
  path?: RegExp;
}

export interface PendingFault {
  remaining: number;
  fault: Fault;
  match?: FaultMatch;
}

export interface PendingDelay {
  remaining: number;
  ms: number;
  match?: FaultMatch;
}

export interface InteractionResponse {
  type: number;
  data?: Record<string, unknown>;
}

/** One POST to `/interactions/:id/:token/callback`, answered or refused. */
export interface CallbackAttempt {
  type: unknown;
  status: number;
  /** Discord's JSON error code when refused, e.g. 10062 (too late) or 40060 (twice). */
  code?: number;
  at: number;
}

/** What the bot answered to one dispatched interaction; later follow-ups keep appending. */
export interface InteractionRecord {
  id: string;
  token: string;
  /** 2 command, 3 component, 4 autocomplete, 5 modal submit. */
  type: number;
  channelId: string;
  userId: string;
  /** When the interaction went out over the gateway. */
  sentAt: number;
  /** The command's name for types 2 and 4; the modal's custom_id for type 5. */
  name?: string;
  /** The accepted initial callback. */
  response?: InteractionResponse;
  /** Every callback POST in order, including refused, late and repeated ones. */
  callbacks: CallbackAttempt[];
  /** The reply message for types 4/5 (ephemeral or not), edited by `@original` PATCHes. */
  original?: FakeMessage;
  /** True while a deferred reply (type 5) still shows "is thinking…". */
  loading: boolean;
  followUps: FakeMessage[];
  /** The message whose component was clicked, when there is one. */
  sourceMessageId?: string;
  /** Autocomplete suggestions the bot answered (callback type 8). */
  choices?: Array<{ name: string; value: string | number }>;
  /** The modal the bot opened (callback type 9): pass this record to `submitModal`. */
  modal?: Record<string, unknown>;
  /** Set once Discord's answer window has passed without a callback. */
  expired: boolean;
}

export interface DmChannel {
  id: string;
  type: 1;
  recipientId: string;
}

export interface FakeState {
  token: string;
  /** While true the bot token is refused everywhere, as after a reset in the portal. */
  tokenRevoked: boolean;
  bot: SeededUser;
  applicationId: string;
  guild: SeededGuild;
  /** Every user the fake knows: members, past members and OAuth2 users. */
  users: Map<string, SeededUser>;
  dmChannels: DmChannel[];
  requests: RecordedRequest[];
  messages: FakeMessage[];
  /** Registered application commands by scope: `global` or a guild id. */
  commands: Map<string, RegisteredCommand[]>;
  /** Files users attached to command options or modals, served from the fake CDN. */
  uploads: Map<string, FakeAttachment>;
  cdnSecret: Buffer;
  faults: PendingFault[];
  delays: PendingDelay[];
  outage: boolean;
  oauth: OAuthState;
  interactions: Map<string, InteractionRecord>;
  callbackWaiters: Map<string, (record: InteractionRecord) => void>;
  /** Announces a message just stored in a channel (MESSAGE_CREATE, message-events.ts). */
  messageCreated: (message: FakeMessage, port: number) => void;
  interactionTimeoutMs: number;
  interactionTokenTtlMs: number;
  maxFileBytes: number;
  maxRequestBytes: number;
  requireAllowedMentions: boolean;
  /** GET /applications/@me `flags` (Message Content intent bits among them). */
  applicationFlags: number;
  /** Channel creations per guild allowed within `windowMs`; more answer 429. */
  channelCreateRate: { limit: number; windowMs: number };
  /** When each recent channel creation happened (pruned as the window slides). */
  channelCreations: number[];
  /** Channels deleted through the API, in order (with their last state). */
  deletedChannels: SeededChannel[];
  /** Why Add Guild Member refuses a user: banned from the guild, or in 100 servers already. */
  joinRefusals: Map<string, 'banned' | 'max_guilds'>;
}

export interface StateOptions {
  guild?: GuildOptions;
  botUsername?: string;
  /** Discord's initial-response window; default 3000 ms. */
  interactionTimeoutMs?: number;
  /** How long follow-ups and `@original` edits are accepted; default 15 minutes. */
  interactionTokenTtlMs?: number;
  maxFileBytes?: number;
  maxRequestBytes?: number;
  oauth?: OAuthOptions;
  /**
   * Lunar's rule, stricter than Discord: every message and interaction reply states
   * `allowed_mentions`, so text a user typed can never ping. On by default; a message without
   * it is refused (400, counted in `rejected`).
   */
  requireAllowedMentions?: boolean;
  /**
   * The application's flags; default GATEWAY_MESSAGE_CONTENT_LIMITED (1 << 19), the Message
   * Content intent switched on for a bot in fewer than 100 servers. 0: the intent is off, and
   * message listings show other people's messages without their content, as Discord does.
   */
  applicationFlags?: number;
  /**
   * Discord limits channel creation per guild but does not publish the figure; the fake's
   * default (10 per 10 s) is an assumption that makes the limit show in tests.
   */
  channelCreateRate?: { limit: number; windowMs: number };
}

/** GATEWAY_MESSAGE_CONTENT (verified bots) and GATEWAY_MESSAGE_CONTENT_LIMITED (others). */
export const MESSAGE_CONTENT = 1 << 18;
export const MESSAGE_CONTENT_LIMITED = 1 << 19;

export function createState(opts: StateOptions): FakeState {
  const botId = generateSnowflake();
  const bot: SeededUser = { id: botId, username: opts.botUsername ?? 'Lunar Bot', bot: true };
  const secret = (length: number) => Buffer.from(crypto.getRandomValues(new Uint8Array(length)));
  // Real bot tokens are base64(user id) . timestamp . hmac; discord.js only needs the shape.
  const token = [
    Buffer.from(botId).toString('base64url'),
    secret(4).toString('base64url'),
    secret(20).toString('base64url'),
  ].join('.');
  const guild = seedGuild(opts.guild ?? {}, bot);
  return {
    token,
    tokenRevoked: false,
    bot,
    applicationId: botId,
    guild,
    users: new Map(guild.members.map((member) => [member.user.id, member.user])),
    dmChannels: [],
    requests: [],
    messages: [],
    commands: new Map(),
    uploads: new Map(),
    cdnSecret: randomBytes(32),
    faults: [],
    delays: [],
    outage: false,
    oauth: createOAuthState(botId, opts.oauth ?? {}),
    interactions: new Map(),
    callbackWaiters: new Map(),
    messageCreated: () => {},
    // Discord drops an interaction that is not answered within 3 seconds.
    interactionTimeoutMs: opts.interactionTimeoutMs ?? 3000,
    // "Interaction tokens are valid for 15 minutes."
    interactionTokenTtlMs: opts.interactionTokenTtlMs ?? 15 * 60 * 1000,
    // Default upload limit for a guild without boosts.
    maxFileBytes: opts.maxFileBytes ?? 10 * 1024 * 1024,
    // Create Message: "The maximum request size when sending a message is 25 MiB".
    maxRequestBytes: opts.maxRequestBytes ?? 25 * 1024 * 1024,
    requireAllowedMentions: opts.requireAllowedMentions ?? true,
    applicationFlags: opts.applicationFlags ?? MESSAGE_CONTENT_LIMITED,
    channelCreateRate: opts.channelCreateRate ?? { limit: 10, windowMs: 10_000 },
    channelCreations: [],
    deletedChannels: [],
    joinRefusals: new Map(),
  };
}

export function toRecordedFiles(files: UploadedFile[]): RecordedRequest['files'] {
  return files.map(({ filename, contentType, bytes }) => ({ filename, contentType, bytes }));
}

export function findMember(state: FakeState, userId: string) {
  return state.guild.members.find((member) => member.user.id === userId);
}

/**
 * A message by id: one in a channel, or an ephemeral reply or follow-up, which only the user
 * it answered sees (and so only they can click its buttons).
 */
export function findAnyMessage(
  state: FakeState,
  messageId: string,
): { message: FakeMessage; onlyFor?: string } | undefined {
  const inChannel = state.messages.find((item) => item.id === messageId);
  if (inChannel) return { message: inChannel };
  for (const record of state.interactions.values()) {
    for (const message of [record.original, ...record.followUps]) {
      if (message?.ephemeral && message.id === messageId && !message.deleted) {
        return { message, onlyFor: record.userId };
      }
    }
  }
  return undefined;
}
