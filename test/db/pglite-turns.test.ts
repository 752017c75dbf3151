import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/database';

// db/pglite-turns.ts: a backlog of transactions on the embedded database must leave the event
// loop its turns (a request, a timer, a health check), not run as one chain of microtasks.
describe('the embedded database under a backlog of transactions', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    await database.db.execute(sql`create table turns (n int not null)`);
  });
  afterAll(() => database.close());

  it('lets a timer run while the backlog is worked through, in order, each transaction whole', async () => {
    const done: number[] = [];
    const backlog = Array.from({ length: 60 }, (_, n) =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into turns values (${n})`);
        await tx.execute(sql`insert into turns values (${n})`);
        done.push(n);
      }),
    );
    const doneWhenTimerRan = await new Promise<number>((resolve) =>
      setTimeout(() => resolve(done.length), 0),
    );
    await Promise.all(backlog);
    expect(doneWhenTimerRan).toBeLessThan(10);
    expect(done).toEqual(Array.from({ length: 60 }, (_, n) => n));
    const counted = (await database.db.execute(
      sql`select count(*)::int as count from turns group by n order by n`,
    )) as unknown as { rows: { count: number }[] };
    expect(counted.rows.map((row) => row.count)).toEqual(Array(60).fill(2));
  });

  it('goes on after a transaction fails, and a ping is answered during the backlog', async () => {
    const failing = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into turns values (1000)`);
      await tx.execute(sql`select 1 / 0`);
    });
    const after = database.db.transaction((tx) => tx.execute(sql`insert into turns values (1001)`));
    const ping = database.ping();
    await expect(failing).rejects.toThrow();
    await expect(after).resolves.toBeDefined();
    await expect(ping).resolves.toBeUndefined();
    const rows = await database.db.execute(sql`select n from turns where n >= 1000`);
    expect(JSON.stringify(rows)).toContain('1001');
    expect(JSON.stringify(rows)).not.toContain('"n":1000');
  });
});
