import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOutboxRepository, enqueueDelivery } from '../../db/repositories/outbox';
import { createWorkerProcessesRepository } from '../../db/repositories/worker-processes';
import { outbox, workerProcesses } from '../../db/schema';
import { createTestDatabase, DRIVERS, type TestDatabase } from '../support/database';

// Issue 33: a dead worker's leases come back at once; a live one's (any host) never do.

const HOUR = 60 * 60_000;

describe.each(DRIVERS)('outbox workers’ liveness on %s', (driver) => {
  let database: TestDatabase;
  let nextRef = 1;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(() => database?.close());
  beforeEach(async () => {
    await database.db.delete(outbox);
    await database.db.delete(workerProcesses);
  });

  const workers = () => createWorkerProcessesRepository(database.db);
  /** A row leased for an hour by `by`. */
  async function leasedBy(by: string) {
    const refId = nextRef++;
    await database.db.transaction((tx) => enqueueDelivery(tx, 'contact_message', refId));
    const [row] = await createOutboxRepository(database.db).claimDue({
      limit: 1,
      leaseMs: HOUR,
      by,
    });
    if (!row) throw new Error('nothing claimed');
    return row.id;
  }
  const lockedBy = async (id: number) =>
    (await database.db.select().from(outbox).where(eq(outbox.id, id)))[0]?.lockedBy ?? null;
  const here = { host: 'worker-host', pid: 4242 };
  const check = (running: number[] = []) => ({
    ...here,
    selfId: 'me',
    staleMs: 30_000,
    isRunning: (pid: number) => running.includes(pid),
    processStartedAt: new Date(Date.now() - 1000),
  });

  it('releases the leases of a stale worker, a gone process on this host, and this pid’s previous life', async () => {
    const registry = workers();
    await registry.register('me', here);
    await registry.register('stale-elsewhere', { host: 'other', pid: 1 });
    await registry.register('gone-here', { host: here.host, pid: 77 });
    await database.db.insert(workerProcesses).values({
      id: 'my-previous-life',
      ...here,
      startedAt: sql`now() - interval '1 hour'`,
    });
    await database.db
      .update(workerProcesses)
      .set({ heartbeatAt: sql`now() - interval '5 minutes'` })
      .where(eq(workerProcesses.id, 'stale-elsewhere'));
    const rows = {
      stale: await leasedBy('stale-elsewhere'),
      gone: await leasedBy('gone-here'),
      previous: await leasedBy('my-previous-life'),
      mine: await leasedBy('me'),
    };
    const dead = await registry.releaseDead(check());
    expect(dead.sort()).toEqual(['gone-here', 'my-previous-life', 'stale-elsewhere']);
    expect(await lockedBy(rows.stale)).toBeNull();
    expect(await lockedBy(rows.gone)).toBeNull();
    expect(await lockedBy(rows.previous)).toBeNull();
    expect(await lockedBy(rows.mine)).toBe('me');
    // Released rows are due again: the next claim takes them.
    const again = await createOutboxRepository(database.db).claimDue({ limit: 10, leaseMs: HOUR });
    expect(again.map((row) => row.id).sort()).toEqual(
      [rows.stale, rows.gone, rows.previous].sort(),
    );
  });

  it('keeps the leases of live workers: another host beating, a running process here, this process’s own', async () => {
    const registry = workers();
    await registry.register('me', here);
    await registry.register('beating-elsewhere', { host: 'other', pid: 4242 });
    await registry.register('running-here', { host: here.host, pid: 78 });
    // Another worker of this very process (tests run several): same pid, started since.
    await registry.register('sibling', here);
    const rows = await Promise.all(
      ['beating-elsewhere', 'running-here', 'sibling'].map((by) => leasedBy(by)),
    );
    expect(await registry.releaseDead(check([78]))).toEqual([]);
    for (const id of rows) expect(await lockedBy(id)).not.toBeNull();
  });

  it('two workers finding the same dead one at once both succeed, once', async () => {
    const registry = workers();
    await registry.register('dead', { host: 'other', pid: 1 });
    await database.db
      .update(workerProcesses)
      .set({ heartbeatAt: sql`now() - interval '1 hour'` })
      .where(eq(workerProcesses.id, 'dead'));
    const row = await leasedBy('dead');
    const [a, b] = await Promise.all([
      registry.releaseDead({ ...check(), selfId: 'a' }),
      registry.releaseDead({ ...check(), selfId: 'b' }),
    ]);
    expect([...a, ...b].every((id) => id === 'dead')).toBe(true);
    expect(await lockedBy(row)).toBeNull();
    expect(await database.db.select().from(workerProcesses)).toEqual([]);
  });

  it('a worker found dead while it was only slow registers again at its next beat', async () => {
    const registry = workers();
    await registry.beat('slow', here);
    expect((await database.db.select().from(workerProcesses)).map((w) => w.id)).toEqual(['slow']);
  });
});
