import { DiscordAPIError, HTTPError, RateLimitError, REST, Routes } from 'discord.js';
import { matchesDiscordHandle, parseDiscordHandle } from '../core/discord/handle';
import type { DiscordEmbed } from '../core/discord/payload';
import {
  DeliveryError,
  type DiscordSender,
  type EditedMessage,
  type OutgoingMessage,
} from './delivery/sender';

/**
 * Outbox sends use their own REST client, set up for a worker that retries by itself:
 * - `retries: 0`: discord.js would repeat a 5xx three times at once, spending the bot's
 *   50 requests/s on a Discord that is down; the worker backs off instead.
 * - `rejectOnRateLimit`: a wait longer than a moment (a 429's retry_after, or the bucket's
 *   reset) comes back as RateLimitError, so the row is rescheduled after it instead of a
 *   lane sleeping inside discord.js; short pacing waits (the 50 requests/s budget) stay inline.
 * Interaction replies stay on the client's REST, which waits as usual (3 s window).
 */
export const INLINE_RATE_LIMIT_WAIT_MS = 2000;

type Member = { user: { id: string; username: string; discriminator?: string } };
/** Enough for every member whose name starts like the applicant's (Discord allows 1000). */
const SEARCH_LIMIT = 100;
/** 10007 Unknown Member, 10013 Unknown User: the id names no member of the guild. */
const UNKNOWN_MEMBER_CODES: ReadonlySet<number> = new Set([10007, 10013]);

export function createDiscordSender(token: string, api?: string): DiscordSender {
  const rest = new REST({
    retries: 0,
    rejectOnRateLimit: (data) => data.retryAfter > INLINE_RATE_LIMIT_WAIT_MS,
    ...(api && { api }),
  });
  // @discordjs/rest forgets its token after a 401 ("Expected token to be set" ever after), so
  // each request sets it again: once the token works again, deliveries resume by themselves.
  const authorized = () => rest.setToken(token);
  return {
    async checkToken() {
      try {
        await authorized().get(Routes.user('@me'));
      } catch (error) {
        throw classifyDiscordError(error);
      }
    },
    async edit({ channelId, messageId, payload }: EditedMessage) {
      try {
        // An edit uploads no files, so an `attachment://` image would point at nothing: reuse
        // the URL Discord gave the image when the message was posted (the one place this is
        // done: every edit of a posted message goes through here).
        const posted = (await authorized().get(Routes.channelMessage(channelId, messageId))) as {
          embeds?: { image?: { url?: string } }[];
        };
        const embeds = (payload.embeds ?? []).map((embed: DiscordEmbed, index: number) => {
          if (!embed.image?.url.startsWith('attachment://')) return embed;
          const url = posted.embeds?.[index]?.image?.url;
          return url ? { ...embed, image: { url } } : { ...embed, image: undefined };
        });
        await authorized().patch(Routes.channelMessage(channelId, messageId), {
          body: { embeds, components: payload.components ?? [], allowed_mentions: { parse: [] } },
        });
      } catch (error) {
        throw classifyDiscordError(error);
      }
    },
    async openDm(userId: string) {
      try {
        const channel = (await authorized().post(Routes.userChannels(), {
          body: { recipient_id: userId },
        })) as { id: string };
        return channel.id;
      } catch (error) {
        throw classifyDiscordError(error);
      }
    },
    async findMember(guildId: string, typed: string) {
      const handle = parseDiscordHandle(typed);
      if (!handle) return null;
      try {
        if (handle.kind === 'id') {
          const member = (await authorized().get(Routes.guildMember(guildId, handle.id))) as Member;
          return member.user.id;
        }
        // Search matches the start of usernames and nicknames; the exact username picks one.
        const found = (await authorized().get(Routes.guildMembersSearch(guildId), {
          query: new URLSearchParams({ query: handle.username, limit: String(SEARCH_LIMIT) }),
        })) as Member[];
        return found.find((member) => matchesDiscordHandle(handle, member.user))?.user.id ?? null;
      } catch (error) {
        if (error instanceof DiscordAPIError && UNKNOWN_MEMBER_CODES.has(Number(error.code))) {
          return null;
        }
        throw classifyDiscordError(error);
      }
    },
    async send({ channelId, payload, files, nonce }: OutgoingMessage) {
      const { attachments: _described, ...fields } = payload;
      const body = {
        ...fields,
        nonce,
        enforce_nonce: true,
        attachments: files.map((file, id) => ({
          id,
          filename: file.name,
          ...(file.description && { description: file.description }),
        })),
      };
      try {
        const message = (await authorized().post(Routes.channelMessages(channelId), {
          body,
          files: files.map((file, id) => ({
            key: `files[${id}]`,
            name: file.name,
            contentType: file.contentType,
            data: Buffer.from(file.bytes),
          })),
        })) as { id: string; channel_id?: string };
        return { channelId: message.channel_id ?? channelId, messageId: message.id };
      } catch (error) {
        throw classifyDiscordError(error);
      }
    },
  };
}

/**
 * Statuses that blame the message itself: the same body will be refused on every try, so the
 * row fails at once. Everything else is retried with the normal backoff (still bounded by the
 * attempt limit), in particular problems of configuration rather than of the message: 401 (the
 * token was reset; the worker pauses, see 'unauthorized'), 403 (50001 missing access, 50013 missing permissions) and 404 (10003
 * unknown channel). Those hit every queued message alike, and once staff fix the token, the
 * role or the channel id, the queue must still go out rather than all be marked failed.
 */
const MESSAGE_AT_FAULT = new Set([400, 413]);

/** Decides whether trying again can help. */
export function classifyDiscordError(error: unknown): DeliveryError {
  if (error instanceof RateLimitError) {
    return new DeliveryError(`rate limited on ${error.route}`, 'rate-limited', error.retryAfter);
  }
  if (error instanceof DiscordAPIError || error instanceof HTTPError) {
    const codeText = error instanceof DiscordAPIError ? `[${error.code}]` : '';
    // A 413 should not happen (the builders keep to DISCORD_LIMITS.uploadBytes); if it does,
    // the row's error must say it was the size, not leave staff guessing.
    const hint = error.status === 413 ? " (the files are over Discord's upload limit)" : '';
    const message = `Discord ${error.status}${codeText}: ${error.message}${hint}`;
    const code =
      error instanceof DiscordAPIError && typeof error.code === 'number' ? error.code : undefined;
    if (error.status === 429) return new DeliveryError(message, 'rate-limited', undefined, code);
    if (error.status === 401) return new DeliveryError(message, 'unauthorized', undefined, code);
    const permanent = MESSAGE_AT_FAULT.has(error.status);
    return new DeliveryError(message, permanent ? 'permanent' : 'transient', undefined, code);
  }
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return new DeliveryError(message, 'transient');
}
