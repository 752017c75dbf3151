import { hasRole } from '../core/config';
import { listenForChanges } from '../db/changes';
import { BOT_RETRY, InvalidTokenError, startBotWithRetry } from './bot-retry';
import { startOutboxWorker } from './delivery/worker';
import { createDiscordSender } from './discord-sender';
import type { Closer, DiscordRolesDeps, DiscordRolesOptions } from './index';
import { unreachableModules } from './member-roles';
import { startRobloxPaymentsJob } from './payments/job';
import { createRobloxPayments } from './payments/robux-payments';
import { registry } from './registry';
import type { BotConfig } from './start-bot';
import { startTicketInactivityJob } from './tickets/inactivity';
import { createTicketDiscord } from './tickets/ticket-discord';

/**
 * Starts the `bot` role (the gateway connection that answers interactions; run it in exactly
 * one process) and the `worker` role (delivers the outbox over REST; any number of processes,
 * rows are claimed with SKIP LOCKED). Returns closers in start order; the caller closes in
 * reverse, so the worker stops before the bot.
 */
export async function startConnectedRoles(
  config: BotConfig,
  deps: DiscordRolesDeps,
  options: DiscordRolesOptions = {},
): Promise<Closer[]> {
  const { log } = deps;
  const closers: Closer[] = [];
  if (hasRole(config, 'bot')) {
    for (const warning of unreachableModules(registry, config.discord.roles)) log.warn(warning);
    // When Discord is down at boot the bot keeps trying in the background; the site and the
    // worker carry on meanwhile. A bot-only process retries too rather than exiting: it has
    // nothing else to do, and a supervisor restarting it in a loop would retry with no backoff.
    // A refused token is different: only a person can fix it. A bot-only process fails start-up
    // (exit 1) so it is noticed; a process with other roles says so once and carries on.
    try {
      const bot = await startBotWithRetry(
        config,
        { ...deps, readyTimeoutMs: options.botReadyTimeoutMs },
        options.botRetry ?? BOT_RETRY,
      );
      closers.push({ name: 'bot', close: () => bot.close() });
    } catch (error) {
      const alone = !hasRole(config, 'web') && !hasRole(config, 'worker');
      if (!(error instanceof InvalidTokenError) || alone) throw error;
      log.error({ err: error.cause }, `${error.message} Running without the bot.`);
    }
  }
  if (hasRole(config, 'worker')) {
    const { token, apiUrl } = config.discord.connection;
    const sender = createDiscordSender(token, apiUrl);
    const worker = startOutboxWorker(
      { db: deps.db, sender, config, log },
      { pollMs: config.OUTBOX_POLL_MS },
    );
    closers.push({ name: 'outbox worker', close: () => worker.close() });
    const inactivity = startTicketInactivityJob({
      db: deps.db,
      config,
      discord: createTicketDiscord(token, apiUrl),
      sender,
      log,
    });
    closers.push({ name: 'ticket inactivity job', close: () => inactivity.close() });
    if (config.roblox) {
      const payments = createRobloxPayments({
        db: deps.db,
        config: { ...config, roblox: config.roblox },
        log,
      });
      const job = startRobloxPaymentsJob({ payments, log });
      closers.push({ name: 'Roblox payments job', close: () => job.close() });
    }
    // Any process queueing a delivery wakes the worker at once instead of at its next poll.
    if (deps.listen) {
      const stop = await listenForChanges({ listen: deps.listen }, (change) => {
        if (change.table === 'outbox' && change.due) worker.wake();
      });
      closers.push({ name: 'outbox wake-ups', close: stop });
    }
    log.info('outbox worker started');
  }
  return closers;
}
