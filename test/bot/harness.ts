import {
  type OutboxWorker,
  type OutboxWorkerOptions,
  startOutboxWorker,
} from '../../bot/delivery/worker';
import { createDiscordSender } from '../../bot/discord-sender';
import type { Log } from '../../bot/log';
import type { InteractionModules } from '../../bot/modules';
import { type BotConfig, type RunningBot, startBot } from '../../bot/start-bot';
import { type Config, hasDiscordConnection } from '../../core/config';
import { testConfig } from '../support/app';
import { createTestDatabase, type Driver, type TestDatabase } from '../support/database';
import { type FakeDiscord, generateSnowflake, startFakeDiscord } from '../support/fake-discord';

/** Quick retries so outage tests finish in seconds. */
export const FAST_WORKER: Partial<OutboxWorkerOptions> = {
  pollMs: 50,
  baseDelayMs: 50,
  maxDelayMs: 400,
};

export type LogLine = { level: string; obj: unknown; msg?: string };

export function createMemoryLog(): Log & { lines: LogLine[] } {
  const lines: LogLine[] = [];
  const at = (level: string) => (obj: unknown, msg?: string) => {
    lines.push({ level, obj, msg });
  };
  return { lines, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

export interface BotHarness {
  fake: FakeDiscord;
  database: TestDatabase;
  config: Config;
  bot: RunningBot;
  log: ReturnType<typeof createMemoryLog>;
  ids: Record<
    'leadRole' | 'executiveRole' | 'moderatorChannel' | 'designerChannel' | 'contactChannel',
    string
  >;
  users: Record<'lead' | 'secondLead' | 'executive' | 'member', string>;
  env: Record<string, string>;
  startWorker(options?: Partial<OutboxWorkerOptions>, config?: Config): OutboxWorker;
  close(): Promise<void>;
}

/**
 * A fake Discord with two leads, an executive and a member, a database, and the real bot with
 * the real modules (bot/registry.ts) unless a test brings its own.
 */
export async function startBotHarness(
  driver: Driver,
  { modules }: { modules?: InteractionModules } = {},
): Promise<BotHarness> {
  const ids = {
    leadRole: generateSnowflake(),
    executiveRole: generateSnowflake(),
    moderatorChannel: generateSnowflake(),
    designerChannel: generateSnowflake(),
    contactChannel: generateSnowflake(),
  };
  const fake = await startFakeDiscord({
    guild: {
      roles: [
        { id: ids.leadRole, name: 'Lead Designer' },
        { id: ids.executiveRole, name: 'Executive Team' },
      ],
      channels: [
        { id: ids.moderatorChannel, name: 'applications' },
        { id: ids.designerChannel, name: 'designer-applications' },
        { id: ids.contactChannel, name: 'contact' },
      ],
      members: [
        { username: 'lead', roles: [ids.leadRole] },
        { username: 'second-lead', roles: [ids.leadRole] },
        { username: 'executive', roles: [ids.executiveRole] },
        { username: 'member', roles: [] },
      ],
    },
  });
  const [lead, secondLead, executive, member] = fake.guild.members.map((m) => m.user.id);
  const env = {
    DISCORD_TOKEN: fake.botToken,
    DISCORD_API_URL: fake.apiUrl,
    DISCORD_GUILD_ID: fake.guild.id,
    DISCORD_APPLICATIONS_CHANNEL_ID: ids.moderatorChannel,
    DISCORD_DESIGNER_APPLICATIONS_CHANNEL_ID: ids.designerChannel,
    DISCORD_CONTACT_CHANNEL_ID: ids.contactChannel,
    DISCORD_LEAD_ROLE_ID: ids.leadRole,
    DISCORD_EXECUTIVE_ROLE_ID: ids.executiveRole,
  };
  const config = testConfig(env);
  const database = await createTestDatabase(driver);
  const log = createMemoryLog();
  const bot = await startBot(connected(config), { db: database.db, log, modules });
  const sender = createDiscordSender(fake.botToken, fake.apiUrl);
  const workers: OutboxWorker[] = [];
  return {
    fake,
    database,
    config,
    bot,
    log,
    ids,
    users: {
      lead: lead ?? '',
      secondLead: secondLead ?? '',
      executive: executive ?? '',
      member: member ?? '',
    },
    env,
    startWorker(options = {}, workerConfig = config) {
      const worker = startOutboxWorker(
        { db: database.db, sender, config: workerConfig, log },
        { ...FAST_WORKER, ...options },
      );
      workers.push(worker);
      return worker;
    },
    async close() {
      await Promise.all(workers.map((worker) => worker.close()));
      await bot.close();
      await fake.close();
      await database.close();
    },
  };
}

function connected(config: Config): BotConfig {
  if (!hasDiscordConnection(config)) throw new Error('the harness sets DISCORD_TOKEN');
  return config;
}
