import {
  type Client,
  DiscordAPIError,
  HTTPError,
  type RateLimitData,
  RateLimitError,
  Routes,
} from 'discord.js';
import { DeliveryError, type DiscordSender, type OutgoingMessage } from './delivery/sender';

/**
 * Outbox sends reject on a rate limit instead of sleeping inside discord.js: the worker then
 * reschedules the row after Discord's retry_after and its lane moves on. Interaction replies
 * keep discord.js's waiting, since they must answer within 3 seconds anyway.
 */
export function isOutboxSend(data: RateLimitData): boolean {
  return data.method.toUpperCase() === 'POST' && /^\/channels\/[^/]+\/messages$/.test(data.route);
}

/** Sends the core payload as JSON through discord.js's REST client, with its files. */
export function createDiscordSender(client: Client): DiscordSender {
  return {
    async send({ channelId, payload, files, nonce }: OutgoingMessage) {
      const { attachments: _described, ...rest } = payload;
      const body = {
        ...rest,
        nonce,
        enforce_nonce: true,
        attachments: files.map((file, id) => ({
          id,
          filename: file.name,
          ...(file.description && { description: file.description }),
        })),
      };
      try {
        const message = (await client.rest.post(Routes.channelMessages(channelId), {
          body,
          files: files.map((file, id) => ({
            key: `files[${id}]`,
            name: file.name,
            contentType: file.contentType,
            data: Buffer.from(file.bytes),
          })),
        })) as { id: string; channel_id: string };
        return { channelId: message.channel_id ?? channelId, messageId: message.id };
      } catch (error) {
        throw classifyDiscordError(error);
      }
    },
  };
}

/** Decides whether trying again can help. */
export function classifyDiscordError(error: unknown): DeliveryError {
  if (error instanceof RateLimitError) {
    return new DeliveryError(`rate limited on ${error.route}`, 'rate-limited', error.retryAfter);
  }
  if (error instanceof DiscordAPIError || error instanceof HTTPError) {
    const code = error instanceof DiscordAPIError ? `[${error.code}]` : '';
    const message = `Discord ${error.status}${code}: ${error.message}`;
    if (error.status === 429) return new DeliveryError(message, 'rate-limited');
    // 4xx means Discord refuses this message as it is (unknown channel 10003, missing access
    // 50001, invalid form body 50035): the same request will fail again.
    const permanent = error.status >= 400 && error.status < 500 && error.status !== 408;
    return new DeliveryError(message, permanent ? 'permanent' : 'transient');
  }
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return new DeliveryError(message, 'transient');
}
