import { type Config, hasDiscordConnection, hasRole } from '../core/config';
import type { Database, DatabaseHandle } from '../db/client';
import type { BackoffOptions } from './delivery/backoff';
import type { Log } from './log';

// The Discord half's face to the process entry. Light on purpose: discord.js (tens of MB) is
// loaded only when this process runs the bot or the worker with a token.

export type Closer = { name: string; close: () => Promise<void> };

export interface DiscordRolesOptions {
  botRetry?: BackoffOptions;
  botReadyTimeoutMs?: number;
}

export type DiscordRolesDeps = {
  db: Database;
  log: Log;
  /** LISTEN for changes (db/changes.ts): the worker wakes on each queued delivery. */
  listen?: DatabaseHandle['listen'];
};

/** Starts the `bot` and `worker` roles this process runs; closers in start order. */
export async function startDiscordRoles(
  config: Config,
  deps: DiscordRolesDeps,
  options: DiscordRolesOptions = {},
): Promise<Closer[]> {
  if (!hasRole(config, 'bot') && !hasRole(config, 'worker')) return [];
  if (!hasDiscordConnection(config)) {
    deps.log.warn('Discord bot is off: DISCORD_TOKEN is not set. Deliveries wait in the outbox.');
    return [];
  }
  const { startConnectedRoles } = await import('./start-roles');
  return startConnectedRoles(config, deps, options);
}
