import { once } from 'node:events';
import { Client, Events, GatewayIntentBits } from 'discord.js';
import type { Config } from '../core/config';
import type { Database } from '../db/client';
import { buttons } from './buttons';
import { createInteractionDispatcher } from './interactions';
import type { Log } from './log';

export interface RunningBot {
  client: Client;
  close(): Promise<void>;
}

const READY_TIMEOUT_MS = 30_000;

/**
 * Logs the bot in and routes interactions. Slash commands are not registered here: that is
 * `npm run discord:register`, since Discord limits how often commands may be created.
 */
export async function startBot(
  config: Config,
  deps: { db: Database; log: Log; signal?: AbortSignal },
): Promise<RunningBot> {
  const token = config.DISCORD_TOKEN;
  if (!token) throw new Error('startBot needs DISCORD_TOKEN');
  const client = new Client({
    // Guilds is enough: interactions carry the member and their roles.
    intents: [GatewayIntentBits.Guilds],
    rest: { ...(config.DISCORD_API_URL && { api: config.DISCORD_API_URL }) },
  });
  const { log, signal } = deps;
  client.on(
    Events.InteractionCreate,
    createInteractionDispatcher({ config, db: deps.db, log }, { buttons }),
  );
  client.on(Events.Error, (error) => log.error({ err: error }, 'Discord client error'));
  client.on(Events.ShardDisconnect, () => log.warn('Discord gateway disconnected'));

  const timeout = AbortSignal.timeout(READY_TIMEOUT_MS);
  const ready = once(client, Events.ClientReady, {
    signal: signal ? AbortSignal.any([timeout, signal]) : timeout,
  });
  // Closing the process mid-login must not wait for the ready timeout.
  const abandon = () => void client.destroy();
  signal?.addEventListener('abort', abandon, { once: true });
  try {
    signal?.throwIfAborted();
    await Promise.all([client.login(token), ready]);
  } catch (error) {
    await client.destroy();
    throw error;
  } finally {
    signal?.removeEventListener('abort', abandon);
  }
  log.info({ user: client.user?.tag, guilds: client.guilds.cache.size }, 'Discord bot connected');
  return {
    client,
    close: () => client.destroy(),
  };
}
