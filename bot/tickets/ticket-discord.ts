import { DiscordAPIError, REST, Routes } from 'discord.js';
import { classifyDiscordError, INLINE_RATE_LIMIT_WAIT_MS } from '../discord-sender';

// The REST calls the ticket jobs make (channels, history, members), on a client set up like
// the outbox sender's: no retries inside discord.js, long 429 waits come back as errors so the
// job is rescheduled (openings queue rather than fail). Failures are DeliveryErrors.

export type ApiOverwrite = { id: string; type: 0 | 1; allow: string; deny: string };
type ApiChannel = {
  id: string;
  name: string;
  type: number;
  parent_id?: string | null;
  topic?: string | null;
  last_message_id?: string | null;
};
export type ApiMessage = {
  id: string;
  timestamp: string;
  content: string;
  author: { id: string; username: string; global_name?: string | null; bot?: boolean };
  embeds?: Array<{
    title?: string;
    description?: string;
    fields?: Array<{ name: string; value: string }>;
    footer?: { text: string };
  }>;
  attachments?: Array<{ filename: string; url: string }>;
};

/** The category holds Discord's 50 channels (50035 on `parent_id`, no code of its own). */
export class CategoryFullError extends Error {
  constructor(readonly categoryId: string) {
    super(`the ticket category ${categoryId} holds Discord's 50 channels`);
    this.name = 'CategoryFullError';
  }
}

const UNKNOWN_CHANNEL = 10003;
const UNKNOWN_MEMBER = 10007;

function isCategoryFull(error: unknown): boolean {
  if (!(error instanceof DiscordAPIError) || error.code !== 50035) return false;
  const raw = error.rawError as { errors?: { parent_id?: { _errors?: { code?: string }[] } } };
  return (
    raw.errors?.parent_id?._errors?.some((item) => item.code === 'CHANNEL_PARENT_MAX_CHANNELS') ??
    false
  );
}

export function createTicketDiscord(token: string, api?: string) {
  const rest = new REST({
    retries: 0,
    rejectOnRateLimit: (data) => data.retryAfter > INLINE_RATE_LIMIT_WAIT_MS,
    ...(api && { api }),
  });
  const authorized = () => rest.setToken(token);
  async function call<T>(run: () => Promise<unknown>): Promise<T> {
    try {
      return (await run()) as T;
    } catch (error) {
      throw classifyDiscordError(error);
    }
  }
  return {
    listGuildChannels: (guildId: string) =>
      call<ApiChannel[]>(() => authorized().get(Routes.guildChannels(guildId))),

    async createChannel(
      guildId: string,
      body: {
        name: string;
        parent_id: string;
        topic: string;
        permission_overwrites: ApiOverwrite[];
      },
    ): Promise<ApiChannel> {
      try {
        return (await authorized().post(Routes.guildChannels(guildId), {
          body: { type: 0, ...body },
        })) as ApiChannel;
      } catch (error) {
        if (isCategoryFull(error)) throw new CategoryFullError(body.parent_id);
        throw classifyDiscordError(error);
      }
    },

    /** Deleting a channel that is already gone is done, not a failure. */
    async deleteChannel(channelId: string): Promise<void> {
      try {
        await authorized().delete(Routes.channel(channelId));
      } catch (error) {
        if (error instanceof DiscordAPIError && error.code === UNKNOWN_CHANNEL) return;
        throw classifyDiscordError(error);
      }
    },

    /** Null when the channel is gone (deleted by hand). */
    async getChannel(channelId: string): Promise<ApiChannel | null> {
      try {
        return (await authorized().get(Routes.channel(channelId))) as ApiChannel;
      } catch (error) {
        if (error instanceof DiscordAPIError && error.code === UNKNOWN_CHANNEL) return null;
        throw classifyDiscordError(error);
      }
    },

    /** One page, newest first (Discord's order); at most 100, Discord's limit. */
    async listMessages(
      channelId: string,
      { before, limit }: { before?: string; limit: number },
    ): Promise<ApiMessage[] | null> {
      const query = new URLSearchParams({ limit: String(Math.min(100, limit)) });
      if (before) query.set('before', before);
      try {
        return (await authorized().get(Routes.channelMessages(channelId), {
          query,
        })) as ApiMessage[];
      } catch (error) {
        if (error instanceof DiscordAPIError && error.code === UNKNOWN_CHANNEL) return null;
        throw classifyDiscordError(error);
      }
    },

    async isMember(guildId: string, userId: string): Promise<boolean> {
      try {
        await authorized().get(Routes.guildMember(guildId, userId));
        return true;
      } catch (error) {
        if (error instanceof DiscordAPIError && error.code === UNKNOWN_MEMBER) return false;
        throw classifyDiscordError(error);
      }
    },

    /** Add Guild Member with the customer's `guilds.join` token (201 added, 204 already in). */
    addMember: (guildId: string, userId: string, accessToken: string) =>
      call<unknown>(() =>
        authorized().put(Routes.guildMember(guildId, userId), {
          body: { access_token: accessToken },
        }),
      ),

    /** The bot's own user id (overwrites name it). */
    async botUserId(): Promise<string> {
      const me = await call<{ id: string }>(() => authorized().get(Routes.user('@me')));
      return me.id;
    },

    /** GET /applications/@me `flags`: the Message Content intent's bits among them. */
    async applicationFlags(): Promise<number> {
      const app = await call<{ flags?: number }>(() =>
        authorized().get(Routes.currentApplication()),
      );
      return app.flags ?? 0;
    },
  };
}

export type TicketDiscord = ReturnType<typeof createTicketDiscord>;
