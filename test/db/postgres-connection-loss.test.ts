import { connect, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import postgres from 'postgres';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { describeNeeding, POSTGRES_MISSING } from '../support/needs';

const adminUrl = process.env.TEST_DATABASE_URL;

// postgres.js 3.4.9 mishandles a connection lost at the wrong moment: it writes to the closed
// socket (an uncaught TypeError from setImmediate, which ends the process), hands the dead
// backend's FATAL error to the next session's first query, or never sends the next session's
// start-up. patches/postgres+3.4.9.patch fixes each; every test below fails without its hunk
// (the patch's header names the hunk and the upstream issue). Each test ends backends of its
// own with pg_terminate_backend; nothing else on the server is touched.
describeNeeding(POSTGRES_MISSING)('postgres.js when a connection is lost', () => {
  const target = new URL(adminUrl ?? 'postgres://localhost');
  target.hostname = '127.0.0.1';
  const failures: unknown[] = [];
  const recordFailure = (reason: unknown) => failures.push(reason);
  const pools: postgres.Sql[] = [];
  let admin: postgres.Sql;

  beforeAll(() => {
    process.on('uncaughtException', recordFailure);
    process.on('unhandledRejection', recordFailure);
    admin = postgres(target.toString(), { max: 1, onnotice: () => {} });
  });

  beforeEach(() => {
    failures.length = 0;
  });

  afterEach(async () => {
    await Promise.all(pools.splice(0).map((sql) => sql.end({ timeout: 1 })));
  });

  afterAll(async () => {
    await admin.end({ timeout: 1 });
    process.off('uncaughtException', recordFailure);
    process.off('unhandledRejection', recordFailure);
  });

  /**
   * A one-connection pool, opened, and its backend's process id. `socket` is a documented
   * option (README, "Custom socket") that the package's types leave out.
   */
  async function openPool(options: { socket?: () => Socket } = {}) {
    const sql = postgres(target.toString(), {
      max: 1,
      connect_timeout: 2,
      onnotice: () => {},
      ...options,
    });
    pools.push(sql);
    const [row] = await sql<{ pid: number }[]>`select pg_backend_pid() as pid`;
    if (!row) throw new Error('no backend pid');
    return { sql, pid: row.pid };
  }

  async function waitUntilRunning(pid: number, query: string) {
    for (let tries = 0; tries < 500; tries += 1) {
      const [row] = await admin<{ query: string }[]>`
        select query from pg_stat_activity where pid = ${pid} and state = 'active'`;
      if (row?.query.includes(query)) return;
      await sleep(10);
    }
    throw new Error(`backend ${pid} never ran ${query}`);
  }

  async function terminate(pid: number) {
    await admin`select pg_terminate_backend(${pid})`;
  }

  /** Uncaught errors surface on a later turn of the event loop; give them a few. */
  async function expectNoUncaughtFailures() {
    await sleep(100);
    expect(failures).toEqual([]);
  }

  it('rolls back a transaction whose backend died without writing to the closed socket', async () => {
    const { sql, pid } = await openPool();
    const transaction = sql.begin(async (tx) => {
      await tx`select pg_sleep(30)`;
    });
    const settled = transaction.then(
      () => null,
      (error: unknown) => error,
    );
    await waitUntilRunning(pid, 'pg_sleep');
    // Waits for the pool's only connection; the connection's loss hands it to the reconnect.
    const waiting = sql<{ one: number }[]>`select 1 as one`;
    await terminate(pid);
    expect(await settled).toBeInstanceOf(Error);
    // begin()'s rollback went to the dead connection: unpatched it was written to the null
    // socket (uncaught TypeError); settled only when flushed, it failed this query too.
    const [row] = await waiting;
    expect(row?.one).toBe(1);
    await expectNoUncaughtFailures();
  });

  it("survives a cursor whose callback outlives the cursor's connection", async () => {
    const { sql, pid } = await openPool();
    let calls = 0;
    const cursor = sql<{ n: number }[]>`select generate_series(1, 3) as n`.cursor(1, async () => {
      calls += 1;
      if (calls > 1) return;
      await terminate(pid);
      await lost; // the cursor fails once its connection is gone
    });
    const lost = cursor.then(
      () => null,
      (error: unknown) => error,
    );
    expect(await lost).toBeInstanceOf(Error);
    // The callback has returned: the cursor asks for its next rows on the closed connection.
    await expectNoUncaughtFailures();
    expect(calls).toBe(1);
    const [row] = await sql<{ one: number }[]>`select 1 as one`;
    expect(row?.one).toBe(1);
  });

  it('reconnects after the socket closed while a write waited for its flush', async () => {
    const sockets: Socket[] = [];
    const { sql } = await openPool({
      socket: () => {
        const socket = connect(Number(target.port || 5432), target.hostname);
        sockets.push(socket);
        return socket;
      },
    });
    // In one turn of the event loop: the socket is destroyed ('close' follows in this turn)
    // and a query is sent (postgres.js flushes small writes on the next turn).
    const onLostConnection = await new Promise<Promise<unknown>>((resolve) =>
      setImmediate(() => {
        sockets[0]?.destroy();
        resolve(
          sql`select 2`.then(
            () => null,
            (error: unknown) => error,
          ),
        );
      }),
    );
    expect(await onLostConnection).toMatchObject({ code: 'CONNECTION_CLOSED' });
    // Unpatched, the stale write timer kept the new session's start-up from being sent:
    // CONNECT_TIMEOUT, on every later connect of this connection.
    const [row] = await sql<{ three: number }[]>`select 3 as three`;
    expect(row?.three).toBe(3);
    expect(sockets).toHaveLength(2);
    await expectNoUncaughtFailures();
  });

  it("does not fail the next session's first query with the dead backend's error", async () => {
    const { sql, pid } = await openPool();
    const sleeping = sql`select pg_sleep(30)`.then(
      () => null,
      (error: unknown) => error,
    );
    await waitUntilRunning(pid, 'pg_sleep');
    await terminate(pid); // FATAL 57P01, and no ReadyForQuery after it
    expect(await sleeping).toBeInstanceOf(Error);
    const [row] = await sql<{ one: number }[]>`select 1 as one`;
    expect(row?.one).toBe(1);
    await expectNoUncaughtFailures();
  });
});
