import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { type FakeDiscord, startFakeDiscord } from '../support/fake-discord';
import { describeNeeding, POSTGRES_MISSING } from '../support/needs';
import {
  type LunarProcess,
  spawnLunar,
  startLunarProcess,
  waitForOutput,
} from '../support/process';
import { openEventStream } from '../support/sse';
import { signInAsStaff } from '../support/staff';

// DESIGN.md: the web and the bot may run as separate processes. A change committed in one
// reaches the other through Postgres LISTEN/NOTIFY: the worker wakes for a queued delivery at
// once (its poll is an hour here), and the web's live stream hears what the worker did.
describeNeeding(POSTGRES_MISSING)('live updates across processes on Postgres', () => {
  let database: TestDatabase;
  let fake: FakeDiscord;
  let web: (LunarProcess & { url: string }) | undefined;
  let worker: LunarProcess | undefined;
  let contactChannel: string;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    fake = await startFakeDiscord();
    contactChannel = fake.guild.channels.find((channel) => channel.name === 'contact')?.id ?? '';
  });
  afterAll(async () => {
    for (const child of [web, worker]) {
      if (!child) continue;
      child.child.kill('SIGTERM');
      await child.exited;
    }
    await fake?.close();
    await database?.close();
  });

  it('wakes the other process’s worker at once and streams its change to the web', async () => {
    const common = { DATABASE_URL: database.url ?? '', LOG_LEVEL: 'info' };
    web = await startLunarProcess({ ...common, LUNAR_ROLES: 'web' });
    worker = spawnLunar({
      ...common,
      LUNAR_ROLES: 'bot,worker',
      OUTBOX_POLL_MS: '3600000',
      DISCORD_TOKEN: fake.botToken,
      DISCORD_API_URL: fake.apiUrl,
      DISCORD_GUILD_ID: fake.guild.id,
      DISCORD_CONTACT_CHANNEL_ID: contactChannel,
    });
    await waitForOutput(worker, /outbox worker started/);

    const { cookie } = await signInAsStaff(database.db, ['lead']);
    const stream = await openEventStream(`${web.url}/api/staff/events`, cookie);
    try {
      const newMessage = stream.next((event) => event.event === 'message');
      const delivered = stream.next(
        (event) => event.event === 'outbox' && (event.data as { op: string }).op === 'update',
      );
      const response = await fetch(`${web.url}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Ada',
          email: 'ada@example.com',
          subject: 'Hi',
          message: 'Hello',
        }),
      });
      expect(response.status).toBe(201);
      await newMessage;
      // Delivered by the worker process long before its hour-long poll would look.
      await expect.poll(() => fake.messagesIn(contactChannel).length, { timeout: 20_000 }).toBe(1);
      // The worker's update of the outbox row, seen on the web process's stream.
      await delivered;
    } finally {
      await stream.close();
    }
  }, 90_000);
});
