import { afterEach, describe, expect, it } from 'vitest';
import { type Closer, startDiscordRoles } from '../../bot';
import { INVALID_TOKEN_MESSAGE, RETRIES_STOPPED } from '../../bot/bot-retry';
import type { Database } from '../../db/client';
import { testConfig } from '../support/app';
import { type FakeDiscord, startFakeDiscord } from '../support/fake-discord';
import { createMemoryLog } from './harness';

// Millisecond backoff so the test sees several attempts; the shape is the production one.
const QUICK_RETRY = { baseDelayMs: 40, maxDelayMs: 200 };
const GATEWAY_BOT = { method: 'GET', path: /^\/gateway\/bot$/ };
// No interaction is dispatched in these tests, so the bot never touches the database.
const NO_DATABASE = {} as Database;
const CONNECTED_AFTER_RETRY = 'Discord bot connected after retrying';

const failures = (log: ReturnType<typeof createMemoryLog>) =>
  log.lines.filter((line) => line.level === 'error');
const messages = (log: ReturnType<typeof createMemoryLog>) => log.lines.map((line) => line.msg);

describe('the bot role when Discord is down at boot', () => {
  let fake: FakeDiscord | undefined;
  let closers: Closer[] = [];
  afterEach(async () => {
    for (const closer of closers.reverse()) await closer.close();
    closers = [];
    await fake?.close();
  });

  async function start(env: Record<string, string> = {}) {
    fake = await startFakeDiscord();
    const config = testConfig({
      LUNAR_ROLES: 'bot',
      DISCORD_TOKEN: fake.botToken,
      DISCORD_API_URL: fake.apiUrl,
      DISCORD_GUILD_ID: fake.guild.id,
      ...env,
    });
    return { fake, config, log: createMemoryLog() };
  }

  it('keeps retrying with backoff and connects once Discord recovers', async () => {
    const { fake, config, log } = await start();
    // discord.js tries a 5xx four times per login: this fails the first three logins.
    fake.failNext(12, { status: 503 }, GATEWAY_BOT);
    closers = await startDiscordRoles(config, { db: NO_DATABASE, log }, { botRetry: QUICK_RETRY });
    expect(closers.map((c) => c.name)).toEqual(['bot']);
    // The log line, not the gateway count: the fake counts the client before it logs READY.
    await expect.poll(() => messages(log), { timeout: 20_000 }).toContain(CONNECTED_AFTER_RETRY);
    expect(fake.connectedClients()).toBe(1);
    const logged = failures(log);
    expect(logged).toHaveLength(3);
    expect(logged.map((line) => (line.obj as { attempt: number }).attempt)).toEqual([1, 2, 3]);
    expect(logged[0]?.msg).toMatch(/could not connect/);
  }, 30_000);

  it('stops the retry loop when the process closes', async () => {
    const { fake, config, log } = await start();
    fake.failNext(100_000, { status: 503 }, GATEWAY_BOT);
    closers = await startDiscordRoles(config, { db: NO_DATABASE, log }, { botRetry: QUICK_RETRY });
    await expect.poll(() => failures(log).length, { timeout: 20_000 }).toBeGreaterThan(1);
    for (const closer of closers.reverse()) await closer.close();
    closers = [];
    // close() returns once the retry loop has ended, which it logs: no attempt comes after.
    expect(messages(log)).toContain(RETRIES_STOPPED);
    // A login cut short hangs up on its lookups (discord.js's own retries of a 5xx included):
    // once each has been answered or abandoned, nothing is left that could ask again.
    const lookups = () => fake.requests.filter((r) => r.path === '/gateway/bot');
    await expect
      .poll(() => lookups().every((r) => r.status !== 0 || r.abandoned), { timeout: 20_000 })
      .toBe(true);
    const stopped = log.lines.find((line) => line.msg === RETRIES_STOPPED);
    const attempts = (stopped?.obj as { attempts?: number } | undefined)?.attempts ?? 0;
    expect(attempts).toBeGreaterThan(1);
    // discord.js asks at most four times per attempt (one try and three retries of a 5xx).
    expect(lookups().length).toBeLessThanOrEqual(4 * attempts);
    expect(fake.connectedClients()).toBe(0);
  }, 30_000);

  it('tears down a login that answers after its attempt gave up', async () => {
    const { fake, config, log } = await start();
    // The first /gateway/bot answers long after the ready timeout; the retry connects first.
    fake.delayNext(1, 3000, GATEWAY_BOT);
    closers = await startDiscordRoles(
      config,
      { db: NO_DATABASE, log },
      { botRetry: QUICK_RETRY, botReadyTimeoutMs: 1000 },
    );
    await expect.poll(() => messages(log), { timeout: 20_000 }).toContain(CONNECTED_AFTER_RETRY);
    const [late] = fake.requests.filter((r) => r.path === '/gateway/bot');
    // The abandoned login hung up instead of waiting for its answer, so the late answer
    // reaches nobody and opens no second session.
    await expect.poll(() => late?.abandoned, { timeout: 20_000 }).toBe(true);
    await expect.poll(() => late?.status, { timeout: 20_000 }).toBe(200);
    expect(fake.sessionsStarted()).toBe(1);
    expect(fake.connectedClients()).toBe(1);
    expect(messages(log).filter((msg) => msg === 'Discord bot connected')).toHaveLength(1);
  }, 30_000);
});

describe('the bot role with a token Discord refuses', () => {
  let fake: FakeDiscord | undefined;
  let closers: Closer[] = [];
  afterEach(async () => {
    for (const closer of closers.reverse()) await closer.close();
    closers = [];
    await fake?.close();
  });

  async function start(roles: string) {
    fake = await startFakeDiscord();
    const config = testConfig({
      LUNAR_ROLES: roles,
      // Right shape, wrong secret: the fake answers 401 to anything but its own token.
      DISCORD_TOKEN: `${fake.botToken.split('.').slice(0, 2).join('.')}.wrong-secret`,
      DISCORD_API_URL: fake.apiUrl,
      DISCORD_GUILD_ID: fake.guild.id,
    });
    return { fake, config, log: createMemoryLog() };
  }

  it('fails start-up of a bot-only process at once, with no retry', async () => {
    const { fake, config, log } = await start('bot');
    await expect(
      startDiscordRoles(config, { db: NO_DATABASE, log }, { botRetry: QUICK_RETRY }),
    ).rejects.toThrow(INVALID_TOKEN_MESSAGE);
    expect(fake.requests.filter((r) => r.path === '/gateway/bot')).toMatchObject([{ status: 401 }]);
    expect(fake.connectedClients()).toBe(0);
  });

  it('lets a process with other roles run on without the bot, saying why once', async () => {
    const { fake, config, log } = await start('bot,worker');
    closers = await startDiscordRoles(config, { db: NO_DATABASE, log }, { botRetry: QUICK_RETRY });
    expect(closers.map((c) => c.name)).toEqual(['outbox worker', 'ticket inactivity job']);
    // (The worker, with no database here, logs its own errors: only the token's are counted.)
    const tokenErrors = messages(log).filter((msg) => msg?.includes('DISCORD_TOKEN'));
    expect(tokenErrors).toEqual([`${INVALID_TOKEN_MESSAGE} Running without the bot.`]);
    expect(fake.requests.filter((r) => r.path === '/gateway/bot')).toHaveLength(1);
  });
});
