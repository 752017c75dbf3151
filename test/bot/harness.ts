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
import {
  type FakeDiscord,
  type FakeDiscordOptions,
  generateSnowflake,
  startFakeDiscord,
} from '../support/fake-discord';

/** Quick retries so outage tests finish in seconds. */
export const FAST_WORKER: Partial<OutboxWorkerOptions> = {
  pollMs: 50,
  baseDelayMs: 50,
  maxDelayMs: 400,
  ticketDeleteDelayMs: 50,
};

type LogLine = { level: string; obj: unknown; msg?: string };

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
  ids: Record<keyof typeof ROLES | keyof typeof CHANNELS | keyof typeof CATEGORIES, string>;
  users: Record<'lead' | 'secondLead' | 'executive' | 'designer' | 'verifier' | 'member', string>;
  env: Record<string, string>;
  startWorker(options?: Partial<OutboxWorkerOptions>, config?: Config): OutboxWorker;
  close(): Promise<void>;
}

// Every configurable role and channel, named as in the studio server.
const ROLES = {
  designerRole: 'Designer',
  paymentVerifierRole: 'Payment Verifier',
  leadRole: 'Lead Designer',
  executiveRole: 'Executive Team',
};
const CHANNELS = {
  moderatorChannel: 'applications',
  designerChannel: 'designer-applications',
  contactChannel: 'contact',
  qcChannel: 'quality-control',
  orderLogChannel: 'order-log',
  reviewsChannel: 'reviews',
  paymentsChannel: 'payments',
  // A ticket channel, where order commands run.
  ticketChannel: 'ticket-0001',
  transcriptsChannel: 'transcripts',
};
// Where ticket channels are made (type 4: categories).
const CATEGORIES = {
  ticketsCategory: 'Tickets',
  overflowCategory: 'Tickets (overflow)',
};

/**
 * A fake Discord with two leads, an executive, a designer, a payment verifier and a member, a
 * database, and the real bot with the real modules (bot/registry.ts) unless a test brings its
 * own. Every role and channel is configured, unless `without` names it.
 */
export async function startBotHarness(
  driver: Driver,
  {
    modules,
    without = [],
    fakeOptions = {},
    env: moreEnv = {},
  }: {
    modules?: InteractionModules;
    /** More fake Discord options (e.g. its channel creation limit). */
    fakeOptions?: FakeDiscordOptions;
    /** Settings to leave unset, e.g. a channel a test runs without. */
    without?: string[];
    /** More settings (e.g. a fake Roblox's). */
    env?: Record<string, string>;
  } = {},
): Promise<BotHarness> {
  const newIds = <K extends string>(names: Record<K, string>) =>
    Object.fromEntries(Object.keys(names).map((key) => [key, generateSnowflake()])) as Record<
      K,
      string
    >;
  const ids = { ...newIds(ROLES), ...newIds(CHANNELS), ...newIds(CATEGORIES) };
  const fake = await startFakeDiscord({
    channelCreateRate: { limit: 1000, windowMs: 1000 },
    ...fakeOptions,
    guild: {
      roles: Object.entries(ROLES).map(([key, name]) => ({
        id: ids[key as keyof typeof ROLES],
        name,
      })),
      channels: [
        ...Object.entries(CHANNELS).map(([key, name]) => ({
          id: ids[key as keyof typeof CHANNELS],
          name,
        })),
        ...Object.entries(CATEGORIES).map(([key, name]) => ({
          id: ids[key as keyof typeof CATEGORIES],
          name,
          type: 4,
        })),
      ],
      members: [
        { username: 'lead', roles: [ids.leadRole] },
        { username: 'second-lead', roles: [ids.leadRole] },
        { username: 'executive', roles: [ids.executiveRole] },
        { username: 'designer', roles: [ids.designerRole] },
        { username: 'verifier', roles: [ids.paymentVerifierRole] },
        { username: 'member', roles: [] },
      ],
    },
  });
  const userId = (username: string) =>
    fake.guild.members.find((m) => m.user.username === username)?.user.id ?? '';
  const allEnv: Record<string, string> = {
    DISCORD_TOKEN: fake.botToken,
    DISCORD_API_URL: fake.apiUrl,
    DISCORD_GUILD_ID: fake.guild.id,
    DISCORD_APPLICATIONS_CHANNEL_ID: ids.moderatorChannel,
    DISCORD_DESIGNER_APPLICATIONS_CHANNEL_ID: ids.designerChannel,
    DISCORD_CONTACT_CHANNEL_ID: ids.contactChannel,
    DISCORD_QC_CHANNEL_ID: ids.qcChannel,
    DISCORD_ORDER_LOG_CHANNEL_ID: ids.orderLogChannel,
    DISCORD_REVIEWS_CHANNEL_ID: ids.reviewsChannel,
    DISCORD_PAYMENTS_CHANNEL_ID: ids.paymentsChannel,
    DISCORD_DESIGNER_ROLE_ID: ids.designerRole,
    DISCORD_PAYMENT_VERIFIER_ROLE_ID: ids.paymentVerifierRole,
    DISCORD_LEAD_ROLE_ID: ids.leadRole,
    DISCORD_EXECUTIVE_ROLE_ID: ids.executiveRole,
    DISCORD_TICKETS_CATEGORY_ID: ids.ticketsCategory,
    DISCORD_TICKETS_OVERFLOW_CATEGORY_ID: ids.overflowCategory,
    DISCORD_TRANSCRIPTS_CHANNEL_ID: ids.transcriptsChannel,
  };
  const env = Object.fromEntries(
    Object.entries({ ...allEnv, ...moreEnv }).filter(([name]) => !without.includes(name)),
  );
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
      lead: userId('lead'),
      secondLead: userId('second-lead'),
      executive: userId('executive'),
      designer: userId('designer'),
      verifier: userId('verifier'),
      member: userId('member'),
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
