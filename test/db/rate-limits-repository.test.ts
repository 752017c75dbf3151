import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRateLimitRepository } from '../../db/repositories/rate-limits';
import { rateLimits } from '../../db/schema';
import { createTestDatabase, DRIVERS, type TestDatabase } from '../support/database';

describe.each(DRIVERS)('rate limit counters on %s', (driver) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });

  afterAll(async () => {
    await database?.close();
  });

  it('counts hits in one window, with its end as a Date', async () => {
    const limits = createRateLimitRepository(database.db);
    const before = Date.now();
    const first = await limits.hit('count:a', 60_000);
    const second = await limits.hit('count:a', 60_000);
    const other = await limits.hit('count:b', 60_000);
    expect(first.hits).toBe(1);
    expect(second.hits).toBe(2);
    expect(other.hits).toBe(1);
    expect(first.resetAt).toBeInstanceOf(Date);
    // The window's end is set once, by its first hit: about a minute from then.
    expect(second.resetAt.getTime()).toBe(first.resetAt.getTime());
    expect(first.resetAt.getTime() - before).toBeGreaterThan(50_000);
    expect(first.resetAt.getTime() - before).toBeLessThan(70_000);
    expect(await limits.count('count:a')).toEqual(second);
  });

  it('starts a new window once the old one has passed', async () => {
    const limits = createRateLimitRepository(database.db);
    await limits.hit('expired', 60_000);
    await limits.hit('expired', 60_000);
    await database.db
      .update(rateLimits)
      .set({ resetAt: sql`now() - interval '1 second'` })
      .where(eq(rateLimits.key, 'expired'));
    expect(await limits.count('expired')).toBeNull();
    const fresh = await limits.hit('expired', 1_000);
    expect(fresh.hits).toBe(1);
    expect(fresh.resetAt.getTime()).toBeGreaterThan(Date.now());
  });

  it('gives concurrent hits on one key each their own number', async () => {
    const limits = createRateLimitRepository(database.db);
    const counts = await Promise.all(
      Array.from({ length: 8 }, () => limits.hit('concurrent', 60_000)),
    );
    expect(counts.map((count) => count.hits).sort((a, b) => a - b)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8,
    ]);
  });
});
