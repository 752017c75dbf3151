import { type Config, hasRole } from '../core/config';
import type { Database } from '../db/client';
import { startOutboxWorker } from './delivery/worker';
import type { Log } from './log';
import { startBot } from './start-bot';

export type Closer = { name: string; close: () => Promise<void> };

/**
 * Starts the `bot` and `worker` roles; returns their closers in start order (the caller closes
 * in reverse: worker first, so no send is cut off by the bot going away).
 *
 * The worker sends through this process's bot, so it runs only where the bot runs: a
 * `worker`-only process (or one without DISCORD_TOKEN) claims nothing, and rows wait in the
 * outbox for a process that has both.
 */
export async function startDiscordRoles(
  config: Config,
  deps: { db: Database; log: Log },
): Promise<Closer[]> {
  const { log } = deps;
  const wantsBot = hasRole(config, 'bot') && Boolean(config.DISCORD_TOKEN);
  const wantsWorker = hasRole(config, 'worker');
  if (!wantsBot) {
    if (wantsWorker && config.DISCORD_TOKEN) {
      log.warn('Outbox worker is off: it delivers through the bot, so add "bot" to LUNAR_ROLES.');
    }
    return [];
  }
  let bot: Awaited<ReturnType<typeof startBot>>;
  try {
    bot = await startBot(config, deps);
  } catch (error) {
    // The site keeps working without Discord; a bot-only process has nothing to do, so it stops.
    if (!hasRole(config, 'web')) throw error;
    log.error({ err: error }, 'Discord bot could not connect; deliveries wait in the outbox.');
    return [];
  }
  const closers: Closer[] = [{ name: 'bot', close: () => bot.close() }];
  if (wantsWorker) {
    const worker = startOutboxWorker({ db: deps.db, sender: bot.sender, config, log });
    log.info('outbox worker started');
    closers.push({ name: 'outbox worker', close: () => worker.close() });
  }
  return closers;
}
