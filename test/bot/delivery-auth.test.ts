import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOutboxWorker } from '../../bot/delivery/worker';
import { createDiscordSender } from '../../bot/discord-sender';
import { createContactMessagesRepository } from '../../db/repositories/contact-messages';
import { outbox } from '../../db/schema';
import { buildTestApp } from '../support/app';
import { createTestDatabase, DRIVERS, type TestDatabase } from '../support/database';
import { type BotHarness, FAST_WORKER, startBotHarness } from './harness';

const message = (n: number) => ({
  name: `Sender ${n}`,
  email: `sender${n}@example.com`,
  subject: `Subject ${n}`,
  message: `Message number ${n}`,
});

describe.each(DRIVERS)('a token Discord refuses (401) on %s', (driver) => {
  let h: BotHarness;
  beforeAll(async () => {
    h = await startBotHarness(driver);
  });
  afterAll(() => h?.close());

  it('pauses delivery without using attempts, says so once, and resumes by itself', async () => {
    const app = await buildTestApp(h.database, { env: h.env });
    const contact = createContactMessagesRepository(h.database.db);
    const outboxRows = () => h.database.db.select().from(outbox).orderBy(outbox.id);
    for (let n = 1; n <= 3; n += 1) await contact.create(message(n));
    // Every request is refused for a while: the three sends, then the worker's token checks.
    h.fake.failNext(15, { status: 401, code: 0, message: '401: Unauthorized' });
    const worker = h.startWorker({ authProbeMs: 250, maxAttempts: 2 });
    try {
      const health = async () =>
        (await app.inject({ method: 'GET', url: '/api/health' })).json().discord;
      await expect.poll(health, { timeout: 5000 }).toBe('unauthorized');
      // Each refused send gives its attempt back: all three wait, none is nearer to failing.
      const waiting = async () => (await outboxRows()).map((row) => [row.status, row.attempts]);
      await expect.poll(waiting, { timeout: 2000 }).toEqual([0, 0, 0].map((n) => ['pending', n]));

      const statuses = async () => (await outboxRows()).map((row) => row.status);
      await expect
        .poll(statuses, { timeout: 15_000 })
        .toEqual(['delivered', 'delivered', 'delivered']);
      expect(h.fake.messagesIn(h.ids.contactChannel)).toHaveLength(3);
      await expect.poll(health, { timeout: 5000 }).toBe('ok');
      const said = (text: string) =>
        h.log.lines.filter((line) => String(line.msg ?? line.obj).includes(text));
      const pauses = said('refused the bot token');
      expect(pauses).toHaveLength(1);
      expect(said('deliveries resume')).toHaveLength(1);
    } finally {
      await worker.close();
      await app.close();
    }
  });
});

describe.each(DRIVERS)('two installs sharing one bot token on %s', (driver) => {
  let h: BotHarness;
  let other: TestDatabase;
  beforeAll(async () => {
    h = await startBotHarness(driver);
    other = await createTestDatabase(driver);
  });
  afterAll(async () => {
    await other?.close();
    await h?.close();
  });

  it('both post their message, though their outbox ids are equal', async () => {
    const first = await createContactMessagesRepository(h.database.db).create(message(1));
    const second = await createContactMessagesRepository(other.db).create(message(2));
    expect(first.id).toBe(second.id);
    const sender = createDiscordSender(h.fake.botToken, h.fake.apiUrl);
    const workers = [
      h.startWorker(),
      startOutboxWorker({ db: other.db, sender, config: h.config, log: h.log }, FAST_WORKER),
    ];
    try {
      await expect
        .poll(() => h.fake.messagesIn(h.ids.contactChannel).length, { timeout: 10_000 })
        .toBe(2);
    } finally {
      await Promise.all(workers.map((worker) => worker.close()));
    }
    const nonces = h.fake.messagesIn(h.ids.contactChannel).map((m) => m.nonce);
    expect(new Set(nonces).size).toBe(2);
  });
});
