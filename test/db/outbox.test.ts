import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { createOutboxRepository, enqueueDelivery } from '../../db/repositories/outbox';
import { outbox } from '../../db/schema';
import { createTestDatabase, DRIVERS, type TestDatabase } from '../support/database';

describe.each(DRIVERS)('outbox repository on %s', (driver) => {
  let database: TestDatabase;
  let repo: ReturnType<typeof createOutboxRepository>;
  let nextRef = 1;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    repo = createOutboxRepository(database.db);
  });
  afterAll(() => database?.close());
  beforeEach(async () => {
    await database.db.delete(outbox);
  });

  const enqueue = async (
    count: number,
    kind: 'application' | 'contact_message' = 'application',
  ) => {
    const ids: number[] = [];
    // (kind, ref_id) is unique, so each row gets a fresh reference.
    for (let i = 0; i < count; i++) {
      const refId = nextRef++;
      ids.push(await database.db.transaction((tx) => enqueueDelivery(tx, kind, refId)));
    }
    return ids;
  };

  it('claims due rows once, counts the attempt and leases them', async () => {
    const ids = await enqueue(3);
    const claimed = await repo.claimDue({ limit: 2, leaseMs: 60_000 });
    expect(claimed.map((row) => row.id)).toEqual(ids.slice(0, 2));
    expect(claimed.every((row) => row.attempts === 1 && row.lockedUntil !== null)).toBe(true);
    const next = await repo.claimDue({ limit: 10, leaseMs: 60_000 });
    expect(next.map((row) => row.id)).toEqual([ids[2]]);
    expect(await repo.claimDue({ limit: 10, leaseMs: 60_000 })).toEqual([]);
  });

  it('gives an expired lease back to the next claim', async () => {
    const [id] = await enqueue(1);
    await repo.claimDue({ limit: 1, leaseMs: 1 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const again = await repo.claimDue({ limit: 1, leaseMs: 60_000 });
    expect(again.map((row) => [row.id, row.attempts])).toEqual([[id, 2]]);
  });

  it('records a delivery, and a late retry does not reopen it', async () => {
    const [id = 0] = await enqueue(1);
    await repo.claimDue({ limit: 1, leaseMs: 60_000 });
    await repo.markDelivered(id, { channelId: '111', messageId: '222' });
    await repo.markRetry(id, { error: 'late', delayMs: 0 });
    const [row] = await database.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row).toMatchObject({
      status: 'delivered',
      discordChannelId: '111',
      discordMessageId: '222',
      lockedUntil: null,
    });
    expect(row?.deliveredAt).toBeInstanceOf(Date);
    expect(await repo.countByStatus()).toEqual({ pending: 0, delivered: 1, failed: 0 });
  });

  it('retries after the delay, refunds the attempt when asked, and fails visibly', async () => {
    const [id = 0] = await enqueue(1);
    await repo.claimDue({ limit: 1, leaseMs: 60_000 });
    await repo.markRetry(id, { error: '503', delayMs: 60_000 });
    expect(await repo.claimDue({ limit: 1, leaseMs: 60_000 })).toEqual([]);
    await database.db.update(outbox).set({ nextAttemptAt: sql`now() - interval '1 second'` });
    const [again] = await repo.claimDue({ limit: 1, leaseMs: 60_000 });
    expect(again?.attempts).toBe(2);
    await repo.markRetry(id, { error: '429', delayMs: 0, refund: true });
    const [third] = await repo.claimDue({ limit: 1, leaseMs: 60_000 });
    expect(third?.attempts).toBe(2);
    await repo.markFailed(id, 'DiscordAPIError[10003]: Unknown Channel');
    expect(await repo.claimDue({ limit: 1, leaseMs: 60_000 })).toEqual([]);
    const failed = await repo.listFailed();
    expect(failed.map((row) => [row.id, row.status, row.lastError])).toEqual([
      [id, 'failed', 'DiscordAPIError[10003]: Unknown Channel'],
    ]);
    expect(await repo.countByStatus()).toEqual({ pending: 0, delivered: 0, failed: 1 });
  });

  it('release gives a claimed row back with its attempt', async () => {
    const [id] = await enqueue(1);
    await repo.claimDue({ limit: 1, leaseMs: 60_000 });
    await repo.release(id ?? 0);
    const [row] = await repo.claimDue({ limit: 1, leaseMs: 60_000 });
    expect([row?.id, row?.attempts]).toEqual([id, 1]);
  });

  it('two workers claiming concurrently never get the same row', async () => {
    const ids = await enqueue(40);
    // On Postgres the second worker has its own connection pool, as a second process would.
    const other = database.url ? await openDatabase({ url: database.url, poolSize: 2 }) : null;
    const second = other ? createOutboxRepository(other.db) : repo;
    try {
      const seen: number[] = [];
      const work = async (worker: typeof repo) => {
        for (;;) {
          const rows = await worker.claimDue({ limit: 3, leaseMs: 60_000 });
          if (rows.length === 0) return;
          seen.push(...rows.map((row) => row.id));
        }
      };
      await Promise.all([work(repo), work(second), work(repo), work(second)]);
      expect(seen).toHaveLength(ids.length);
      expect(new Set(seen).size).toBe(ids.length);
      expect(seen.sort((a, b) => a - b)).toEqual(ids);
    } finally {
      await other?.close();
    }
  });
});
