import { type APIApplication, type APIApplicationCommand, type Client, Routes } from 'discord.js';
import type { BotStatus } from '../core/setup/go-live';
import { messageContentWarning } from '../core/tickets/intent';
import type { Database } from '../db/client';
import { createSystemStateRepository } from '../db/repositories/system-state';
import { diffCommands } from './command-diff';
import type { Log } from './log';
import { registry } from './registry';

/**
 * Records that the bot connected, and whether the studio server's slash commands are this
 * version's (the ones `npm run discord:register` sends): the go-live checklist reads it, so
 * "Discord connected" and "commands registered" are what Discord said, not what someone
 * remembers doing. One GET of the guild's commands per connection; a failure to read them is
 * recorded as unknown and logged, never stops the bot.
 */
export async function recordBotStatus(
  client: Client<true>,
  guildId: string,
  deps: { db: Database; log: Log },
): Promise<void> {
  const connectedAt = new Date().toISOString();
  let commands: BotStatus['commands'] = null;
  try {
    const current = (await client.rest.get(
      Routes.applicationGuildCommands(client.application.id, guildId),
    )) as APIApplicationCommand[];
    const changes = diffCommands(
      current,
      registry.commands.map((command) => command.data),
    );
    const named = (kind: string) =>
      changes.filter((change) => change.change === kind).map((change) => change.name);
    commands = { checkedAt: connectedAt, missing: named('added'), changed: named('changed') };
    if (commands.missing.length + commands.changed.length > 0) {
      deps.log.warn(
        { missing: commands.missing, changed: commands.changed },
        'The studio server’s slash commands are not this version’s: run npm run discord:register',
      );
    }
  } catch (error) {
    deps.log.warn({ err: error }, 'Could not read the studio server’s slash commands');
  }
  try {
    await createSystemStateRepository(deps.db).setBotStatus({ connectedAt, commands });
  } catch (error) {
    deps.log.warn({ err: error }, 'Could not record that the bot connected');
  }
}

/** Transcripts need the message text: say so at start-up when the intent is off (decision 046). */
export async function warnWithoutMessageContent(client: Client<true>, log: Log): Promise<void> {
  try {
    const app = (await client.rest.get(Routes.currentApplication())) as APIApplication;
    const warning = messageContentWarning(app.flags ?? 0);
    if (warning) log.warn(warning);
  } catch (error) {
    log.warn({ err: error }, 'Could not read the application’s flags (Message Content intent)');
  }
}
