import { type Config, hasRole } from '../core/config';
import type { Database } from '../db/client';
import { startOutboxWorker } from './delivery/worker';
import { createDiscordSender } from './discord-sender';
import type { Log } from './log';
import { startBot } from './start-bot';

export type Closer = { name: string; close: () => Promise<void> };

/**
 * Starts the `bot` role (the gateway connection that answers buttons; run it in exactly one
 * process) and the `worker` role (delivers the outbox over REST; any number of processes,
 * rows are claimed with SKIP LOCKED). Returns closers in start order; the caller closes in
 * reverse, so the worker stops before the bot.
 */
export async function startDiscordRoles(
  config: Config,
  deps: { db: Database; log: Log },
): Promise<Closer[]> {
  const { log } = deps;
  const token = config.DISCORD_TOKEN;
  if (!token) return [];
  const closers: Closer[] = [];
  if (hasRole(config, 'bot')) {
    try {
      const bot = await startBot(config, deps);
      closers.push({ name: 'bot', close: () => bot.close() });
    } catch (error) {
      // The site keeps working without Discord; a process with nothing else to do stops.
      if (!hasRole(config, 'web') && !hasRole(config, 'worker')) throw error;
      log.error(
        { err: error },
        'Discord bot could not connect; buttons stay unanswered until it does.',
      );
    }
  }
  if (hasRole(config, 'worker')) {
    const sender = createDiscordSender(token, config.DISCORD_API_URL);
    const worker = startOutboxWorker({ db: deps.db, sender, config, log });
    log.info('outbox worker started');
    closers.push({ name: 'outbox worker', close: () => worker.close() });
  }
  return closers;
}
