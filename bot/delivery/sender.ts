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

/**
 * The worker's only view of Discord: the bot implements it with discord.js, tests may fake
 * it. Failures are thrown as DeliveryError so the worker never needs discord.js's classes.
 */
export interface DiscordSender {
  send(message: OutgoingMessage): Promise<{ channelId: string; messageId: string }>;
}

export type DeliveryFailureKind = 'transient' | 'permanent' | 'rate-limited';

export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly kind: DeliveryFailureKind,
    /** How long Discord asked us to wait (429 retry_after), in ms. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'DeliveryError';
  }
}
