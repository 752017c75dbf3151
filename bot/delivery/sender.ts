import type { DiscordMessagePayload } from '../../core/discord/payload';

export interface OutgoingFile {
  name: string;
  description?: string;
  contentType: string;
  bytes: Uint8Array;
}

export interface OutgoingMessage {
  channelId: string;
  /** As built by core; its `attachments` are described, their bytes are in `files`. */
  payload: DiscordMessagePayload;
  files: OutgoingFile[];
  /** Sent with enforce_nonce, so Discord answers a repeat with the message it already has. */
  nonce: string;
}

export interface EditedMessage {
  channelId: string;
  messageId: string;
  payload: DiscordMessagePayload;
}

/**
 * The worker's only view of Discord: the bot implements it with discord.js, tests may fake
 * it. Failures are thrown as DeliveryError so the worker never needs discord.js's classes.
 */
export interface DiscordSender {
  send(message: OutgoingMessage): Promise<{ channelId: string; messageId: string }>;
  /**
   * Replaces a posted message's embeds and components (its files stay): e.g. an application
   * message showing the decision made on the dashboard.
   */
  edit(message: EditedMessage): Promise<void>;
  /** The DM channel with a user (Discord gives the same one every time). */
  openDm(userId: string): Promise<string>;
  /**
   * The user id of the guild member the applicant named (id, username or legacy tag, see
   * core/discord/handle.ts); null when no member matches.
   */
  findMember(guildId: string, typed: string): Promise<string | null>;
  /** Resolves when Discord accepts the token again; throws a DeliveryError otherwise. */
  checkToken(): Promise<void>;
}

/**
 * - transient: try again later, counting the attempt;
 * - permanent: the message itself is refused, fail the row;
 * - rate-limited: wait as Discord said, not counting the attempt;
 * - unauthorized: the token is invalid or revoked (401); every send will fail alike, so the
 *   worker pauses without counting attempts until Discord accepts the token again.
 */
type DeliveryFailureKind = 'transient' | 'permanent' | 'rate-limited' | 'unauthorized';

export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly kind: DeliveryFailureKind,
    /** How long Discord asked us to wait (429 retry_after), in ms. */
    readonly retryAfterMs?: number,
    /** Discord's JSON error code (50007: cannot send messages to this user). */
    readonly code?: number,
  ) {
    super(message);
    this.name = 'DeliveryError';
  }
}

/** Discord's answer to a member search without the Server Members Intent: 50001 Missing Access. */
export const MISSING_ACCESS = 50001;

/** Discord's answers to a DM the user cannot receive: DMs closed, left the server, a bot. */
export const CANNOT_DM_CODES: ReadonlySet<number> = new Set([50007, 50033]);
