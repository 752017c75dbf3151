import { afterEach, describe, expect, it } from 'vitest';
import { type Closer, startDiscordRoles } from '../../bot/start-roles';
import type { Database } from '../../db/client';
import { testConfig } from '../support/app';
import { type FakeDiscord, startFakeDiscord } from '../support/fake-discord';
import { createMemoryLog } from './harness';

// Millisecond backoff so the test sees several attempts; the shape is the production one.
const QUICK_RETRY = { baseDelayMs: 40, maxDelayMs: 200 };
const GATEWAY_BOT = { method: 'GET', path: /^\/gateway\/bot$/ };
// No interaction is dispatched in these tests, so the bot never touches the database.
const NO_DATABASE = {} as Database;

describe('the bot role when Discord is down at boot', () => {
  let fake: FakeDiscord | undefined;
  let closers: Closer[] = [];
  afterEach(async () => {
    for (const closer of closers.reverse()) await closer.close();
    closers = [];
    await fake?.close();
  });

  async function start() {
    fake = await startFakeDiscord();
    const config = testConfig({
      LUNAR_ROLES: 'bot',
      DISCORD_TOKEN: fake.botToken,
      DISCORD_API_URL: fake.apiUrl,
      DISCORD_GUILD_ID: fake.guild.id,
    });
    return { fake, config, log: createMemoryLog() };
  }
  const gatewayLookups = (f: FakeDiscord) =>
    f.requests.filter((r) => r.path === '/gateway/bot').length;
  const failures = (log: ReturnType<typeof createMemoryLog>) =>
    log.lines.filter((line) => line.level === 'error');

  it('keeps retrying with backoff and connects once Discord recovers', async () => {
    const { fake, config, log } = await start();
    // discord.js tries a 5xx four times per login: this fails the first three logins.
    fake.failNext(12, { status: 503 }, GATEWAY_BOT);
    closers = await startDiscordRoles(config, { db: NO_DATABASE, log }, { botRetry: QUICK_RETRY });
    expect(closers.map((c) => c.name)).toEqual(['bot']);
    await expect.poll(() => fake.connectedClients(), { timeout: 20_000 }).toBe(1);
    const logged = failures(log);
    expect(logged).toHaveLength(3);
    expect(logged.map((line) => (line.obj as { attempt: number }).attempt)).toEqual([1, 2, 3]);
    expect(logged[0]?.msg).toMatch(/could not connect/);
    expect(log.lines.at(-1)?.msg).toBe('Discord bot connected after retrying');
  }, 30_000);

  it('stops the retry loop when the process closes', async () => {
    const { fake, config, log } = await start();
    fake.failNext(100_000, { status: 503 }, GATEWAY_BOT);
    closers = await startDiscordRoles(config, { db: NO_DATABASE, log }, { botRetry: QUICK_RETRY });
    await expect.poll(() => failures(log).length, { timeout: 20_000 }).toBeGreaterThan(1);
    for (const closer of closers.reverse()) await closer.close();
    closers = [];
    const afterClose = gatewayLookups(fake);
    // Several times the longest backoff: a live loop would have asked again by now.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(gatewayLookups(fake)).toBe(afterClose);
    expect(fake.connectedClients()).toBe(0);
  }, 30_000);
});
