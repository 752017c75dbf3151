import { once } from 'node:events';
import {
  Client,
  DefaultRestOptions,
  DiscordAPIError,
  DiscordjsError,
  DiscordjsErrorCodes,
  Events,
  GatewayCloseCodes,
  GatewayIntentBits,
  HTTPError,
  Options,
} from 'discord.js';
import type { Config, WithDiscordConnection } from '../core/config';
import type { Database } from '../db/client';
import { recordBotStatus, warnWithoutMessageContent } from './bot-status';
import { createInteractionDispatcher } from './dispatcher';
import { forgetGatewayState, trackGatewayState } from './gateway-metrics';
import type { Log } from './log';
import type { InteractionModules } from './modules';
import { registry } from './registry';
import { createTicketMessageRecorder } from './tickets/ticket-messages';

/** What the bot and the worker run with: DISCORD_TOKEN is known to be set (bot/index.ts). */
export type BotConfig = WithDiscordConnection<Config>;

export interface RunningBot {
  client: Client;
  close(): Promise<void>;
}

const READY_TIMEOUT_MS = 30_000;

/** The gateway closed with 4004 (authentication failed). */
class GatewayAuthenticationError extends Error {
  constructor() {
    super('Discord gateway closed the connection: authentication failed (4004)');
    this.name = 'GatewayAuthenticationError';
  }
}

/** True when Discord refused the token itself: trying again cannot help until it is reset. */
export function isInvalidTokenError(error: unknown): boolean {
  if (error instanceof GatewayAuthenticationError) return true;
  if (error instanceof DiscordjsError) return error.code === DiscordjsErrorCodes.TokenInvalid;
  return (error instanceof DiscordAPIError || error instanceof HTTPError) && error.status === 401;
}

/**
 * Logs the bot in and routes interactions. Slash commands are not registered here: that is
 * `npm run discord:register`, since Discord limits how often commands may be created.
 */
export async function startBot(
  config: BotConfig,
  deps: {
    db: Database;
    log: Log;
    signal?: AbortSignal;
    readyTimeoutMs?: number;
    /** Tests swap in their own modules; the process uses bot/registry.ts. */
    modules?: InteractionModules;
  },
): Promise<RunningBot> {
  const { token, apiUrl, guildId } = config.discord.connection;
  // destroy() does not cancel REST calls in flight: a login still waiting on GET /gateway/bot
  // would, on a late answer, open a gateway session on this "destroyed" client while the caller
  // retries with another one, and every button would be handled twice. Giving up aborts them.
  const abandoned = new AbortController();
  const client = new Client({
    // Guilds: interactions carry the member and their roles. GuildMessages: who wrote in a
    // ticket's channel, and when (bot/tickets/ticket-messages.ts). Not MessageContent: the
    // text is not needed there, and it is privileged (decision 046).
    intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages],
    // Nothing reads cached messages: without a limit every busy channel would keep its last 200.
    makeCache: Options.cacheWithLimits({ ...Options.DefaultMakeCacheSettings, MessageManager: 0 }),
    rest: {
      ...(apiUrl && { api: apiUrl }),
      makeRequest: (url, init) =>
        DefaultRestOptions.makeRequest(url, {
          ...init,
          signal: init.signal ? AbortSignal.any([init.signal, abandoned.signal]) : abandoned.signal,
        }),
    },
  });
  const { log, signal } = deps;
  client.on(
    Events.InteractionCreate,
    createInteractionDispatcher({ config, db: deps.db, log }, deps.modules ?? registry, guildId),
  );
  const recordTicketMessage = createTicketMessageRecorder({ db: deps.db, log, guildId });
  client.on(Events.MessageCreate, (message) => void recordTicketMessage(message));
  client.on(Events.Error, (error) => log.error({ err: error }, 'Discord client error'));
  client.on(Events.ShardDisconnect, () => log.warn('Discord gateway disconnected'));

  const timeout = AbortSignal.timeout(deps.readyTimeoutMs ?? READY_TIMEOUT_MS);
  const ready = once(client, Events.ClientReady, {
    signal: signal ? AbortSignal.any([timeout, signal]) : timeout,
  });
  // The gateway refusing the token (close 4004) does not reject login(): turn it into the
  // same failure as a 401 on /gateway/bot, instead of waiting for the ready timeout.
  const refused = new Promise<never>((_, reject) => {
    client.on(Events.ShardDisconnect, (event) => {
      if (event.code === GatewayCloseCodes.AuthenticationFailed) {
        reject(new GatewayAuthenticationError());
      }
    });
  });
  refused.catch(() => {});
  // Closing the process mid-login must not wait for the ready timeout.
  const abandon = () => {
    abandoned.abort();
    void client.destroy();
  };
  signal?.addEventListener('abort', abandon, { once: true });
  let login: Promise<unknown> | undefined;
  try {
    signal?.throwIfAborted();
    login = client.login(token);
    await Promise.race([Promise.all([login, ready]), refused]);
  } catch (error) {
    abandoned.abort();
    // Should a session open anyway (the answer raced the abort), it must not answer buttons.
    client.removeAllListeners();
    // An 'error' event with no listener would throw out of discord.js as an uncaught error.
    client.on(Events.Error, () => {});
    await client.destroy();
    login?.catch(() => {});
    throw error;
  } finally {
    signal?.removeEventListener('abort', abandon);
  }
  log.info({ user: client.user?.tag, guilds: client.guilds.cache.size }, 'Discord bot connected');
  if (client.isReady()) {
    void recordBotStatus(client, guildId, deps);
    void warnWithoutMessageContent(client, log);
  }
  trackGatewayState(client);
  return {
    client,
    close: () => {
      forgetGatewayState(client);
      return client.destroy();
    },
  };
}
