import { createServer, type Server, Socket } from 'node:net';
import postgres from 'postgres';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeNeeding, POSTGRES_MISSING } from '../support/needs';

const adminUrl = process.env.TEST_DATABASE_URL;

/**
 * A TCP proxy in front of the test server that resets the first connection whose client sends
 * postgres.js's array-types query (the first statement of every new session), as a Postgres
 * stopped or crashing at that moment does; later connections pass through untouched.
 */
function startResettingProxy(target: URL) {
  let resets = 0;
  const server: Server = createServer((client) => {
    const upstream = new Socket();
    upstream.connect(Number(target.port || 5432), target.hostname);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    upstream.pipe(client);
    client.on('data', (chunk: Buffer) => {
      if (resets === 0 && chunk.includes('pg_catalog.pg_type')) {
        resets += 1;
        upstream.destroy();
        client.resetAndDestroy(); // the driver reads ECONNRESET, as in the CI failure
        return;
      }
      upstream.write(chunk);
    });
  });
  return {
    resets: () => resets,
    listen: () =>
      new Promise<number>((resolve) => {
        server.listen(0, '127.0.0.1', () => {
          const address = server.address();
          resolve(typeof address === 'object' && address ? address.port : 0);
        });
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// postgres.js 3.4.9 dropped the promise of a new session's array-types query, so a connection
// lost while that query ran ended the process (an unhandled rejection; upstream #1192, #1223).
// patches/postgres+3.4.9.patch settles it (docs/decisions/008-postgres-outages.md).
describeNeeding(POSTGRES_MISSING)('postgres.js losing a connection while it fetches types', () => {
  const target = new URL(adminUrl ?? 'postgres://localhost');
  const proxy = startResettingProxy(target);
  const rejections: unknown[] = [];
  const onRejection = (reason: unknown) => rejections.push(reason);
  let sql: postgres.Sql | undefined;

  beforeAll(async () => {
    process.on('unhandledRejection', onRejection);
    const url = new URL(target);
    url.hostname = '127.0.0.1';
    url.port = String(await proxy.listen());
    sql = postgres(url.toString(), { max: 1, onnotice: () => {} });
  });

  afterAll(async () => {
    await sql?.end({ timeout: 1 });
    await proxy.close();
    process.off('unhandledRejection', onRejection);
  });

  it('fails the waiting query with the connection error, leaves no unhandled rejection, and reconnects', async () => {
    if (!sql) throw new Error('set-up failed');
    await expect(sql`select 1 as one`).rejects.toMatchObject({ code: 'ECONNRESET' });
    expect(proxy.resets()).toBe(1);
    const [row] = await sql<
      { one: number; xs: number[] }[]
    >`select 1 as one, array[1, 2]::int[] as xs`;
    expect(row?.one).toBe(1);
    // The array parser is installed: the new session fetched the types again.
    expect(row?.xs).toEqual([1, 2]);
    // Unhandled rejections are reported once the microtask queue drains; give it a few turns.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(rejections).toEqual([]);
  });
});
