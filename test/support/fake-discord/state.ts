import type { UploadedFile } from './body';
import { type GuildOptions, type SeededGuild, type SeededUser, seedGuild } from './guild';
import type { FakeMessage } from './messages';
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
  | { status: 429; retryAfter: number; global?: boolean }
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

/** What the bot answered to one dispatched interaction; later follow-ups keep appending. */
export interface InteractionRecord {
  id: string;
  token: string;
  type: number;
  channelId: string;
  userId: string;
  /** The body the bot POSTed to `/interactions/:id/:token/callback`. */
  response?: InteractionResponse;
  /** The reply message for types 4/5 (ephemeral or not), edited by `@original` PATCHes. */
  original?: FakeMessage;
  followUps: FakeMessage[];
  /** The message whose component was clicked, when there is one. */
  sourceMessageId?: string;
  /** Set once Discord's answer window has passed without a callback. */
  expired: boolean;
}

export interface FakeState {
  token: string;
  bot: SeededUser;
  applicationId: string;
  guild: SeededGuild;
  requests: RecordedRequest[];
  messages: FakeMessage[];
  commands: Map<string, Array<Record<string, unknown>>>;
  faults: PendingFault[];
  delays: PendingDelay[];
  outage: boolean;
  interactions: Map<string, InteractionRecord>;
  callbackWaiters: Map<string, (record: InteractionRecord) => void>;
  interactionTimeoutMs: number;
  maxFileBytes: number;
  maxRequestBytes: number;
}

export interface StateOptions {
  guild?: GuildOptions;
  botUsername?: string;
  interactionTimeoutMs?: number;
  maxFileBytes?: number;
  maxRequestBytes?: number;
}

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
  return {
    token,
    bot,
    applicationId: botId,
    guild: seedGuild(opts.guild ?? {}, bot),
    requests: [],
    messages: [],
    commands: new Map(),
    faults: [],
    delays: [],
    outage: false,
    interactions: new Map(),
    callbackWaiters: new Map(),
    // Discord drops an interaction that is not answered within 3 seconds.
    interactionTimeoutMs: opts.interactionTimeoutMs ?? 3000,
    // Default upload limit for a guild without boosts.
    maxFileBytes: opts.maxFileBytes ?? 10 * 1024 * 1024,
    // Create Message: "The maximum request size when sending a message is 25 MiB".
    maxRequestBytes: opts.maxRequestBytes ?? 25 * 1024 * 1024,
  };
}

export function toRecordedFiles(files: UploadedFile[]): RecordedRequest['files'] {
  return files.map(({ filename, contentType, bytes }) => ({ filename, contentType, bytes }));
}
