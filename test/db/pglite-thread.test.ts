import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  date,
  doublePrecision,
  integer,
  interval,
  json,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../db/client';
import { discardEarlyPgliteWorker, spawnPgliteWorkerEarly } from '../../db/pglite-spawn';
import { startPgliteThread } from '../../db/pglite-thread';
import { templateCopy as copyOfTemplate, pgliteTemplate } from '../support/pglite-template';

// PGlite runs on a worker thread (db/pglite-thread.ts): what drizzle gets back must be what
// in-process PGlite gives, transactions must keep PGlite's one-at-a-time semantics, and
// LISTEN, errors and close must behave as before.

const bytea = customType<{ data: Uint8Array }>({ dataType: () => 'bytea' });
const kinds = pgTable('kinds', {
  id: serial('id').primaryKey(),
  at: timestamp('at', { withTimezone: true }),
  atText: timestamp('at_text', { mode: 'string' }),
  day: date('day'),
  dayDate: date('day_date', { mode: 'date' }),
  wait: interval('wait'),
  doc: jsonb('doc'),
  plain: json('plain'),
  big: bigint('big', { mode: 'bigint' }),
  bigNumber: bigint('big_number', { mode: 'number' }),
  amount: numeric('amount'),
  ratio: doublePrecision('ratio'),
  bytes: bytea('bytes'),
  tags: text('tags').array(),
  counts: integer('counts').array(),
  flag: boolean('flag'),
  key: uuid('key'),
});
const CREATE = sql`create table kinds (
  id serial primary key, at timestamptz, at_text timestamp, day date, day_date date,
  wait interval, doc jsonb, plain json, big int8, big_number int8, amount numeric,
  ratio double precision, bytes bytea, tags text[], counts int[], flag boolean, key uuid)`;
const ROW = {
  at: new Date('2026-03-04T05:06:07.891Z'),
  atText: '2026-03-04 05:06:07.891',
  day: '2026-03-04',
  dayDate: new Date('2026-03-04T00:00:00.000Z'),
  wait: '1 day 02:03:04',
  doc: { nested: { list: [1, 'two', null], yes: true } },
  plain: { a: 1 },
  big: 9007199254740993n,
  bigNumber: 42,
  amount: '12345.678',
  ratio: 0.25,
  bytes: new Uint8Array([0, 1, 2, 254, 255]),
  tags: ['a', 'b,c', 'd"e'],
  counts: [1, 2, 3],
  flag: true,
  key: '7f0b2c4e-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
};
// Raw statements: every type drizzle-orm/pglite hands a raw-text parser for, and the rest.
const RAW = `select now()::timestamp as ts, timestamptz '2026-03-04 05:06:07+00' as tstz,
  date '2026-03-04' as d, interval '90 minutes' as i, array[1.5, 2]::numeric[] as nums,
  array[timestamp '2026-01-01 00:00']::timestamp[] as tss,
  array[timestamptz '2026-01-01 00:00+00'] as tstzs, array[interval '1 hour'] as ins,
  array[date '2026-01-01'] as ds, '{"j":[1,2]}'::jsonb as j, 9007199254740993::int8 as big,
  '\\x0001ff'::bytea as b, array['x', null] as texts, null::int as nothing, 1.5::real as r`;

/** The rows of a raw `execute` (its result type is the driver's). */
const rowsOf = <T = Record<string, unknown>>(result: unknown) => (result as { rows: T[] }).rows;

// The two suites' own databases are in memory (initdb), as the comparison with in-process
// PGlite needs; the other threads start from copies of the run's template, which costs a
// second instead of initdb's five or more on a loaded machine.
const copies: string[] = [];
function templateCopy(): string {
  const dataDir = copyOfTemplate('lunar-pglite-thread-');
  copies.push(dataDir);
  return dataDir;
}
afterAll(() => {
  for (const dataDir of copies) rmSync(dataDir, { recursive: true, force: true });
});

describe('PGlite on a worker thread', () => {
  let inProcess: PGlite;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    inProcess = new PGlite();
    handle = await openDatabase({});
    for (const db of [drizzle(inProcess), handle.db]) {
      await db.execute(CREATE);
      await db.execute(sql`create table items (id serial primary key, name text unique)`);
    }
  });
  afterAll(async () => {
    await inProcess.close();
    await handle.close();
  });

  it('gives drizzle the same values as in-process PGlite, for every kind of column', async () => {
    const local = drizzle(inProcess);
    const results = [];
    for (const db of [local, handle.db]) {
      const [{ id }] = (await db.insert(kinds).values(ROW).returning({ id: kinds.id })) as [
        { id: number },
      ];
      results.push({
        selected: await db.select().from(kinds).where(eq(kinds.id, id)),
        returned: await db.update(kinds).set({ flag: false }).where(eq(kinds.id, id)).returning(),
        raw: rowsOf(await db.execute(sql.raw(RAW))).map((row) => ({ ...row, ts: typeof row.ts })),
        relational: await db.execute(sql`select * from kinds where id = ${id}`),
      });
    }
    const [local_, thread] = results;
    expect(thread).toStrictEqual(local_);
    // And the values are the ones written (a check that the comparison compares something).
    expect(thread?.selected[0]).toMatchObject({ ...ROW, id: expect.any(Number) });
  });

  it('answers a raw query in array mode as PGlite does, parsers and all', async () => {
    const thread = await startPgliteThread({ dataDir: templateCopy(), postgresqlconf: [] });
    try {
      for (const rowMode of ['array', 'object'] as const) {
        const ours = await thread.query(
          RAW.replace('now()::timestamp', "'2026-01-01'::timestamp"),
          [],
          { rowMode },
        );
        const theirs = await inProcess.query(
          RAW.replace('now()::timestamp', "'2026-01-01'::timestamp"),
          [],
          { rowMode },
        );
        expect(ours).toStrictEqual(theirs);
      }
      const params = [new Date('2026-01-02T03:04:05Z'), new Uint8Array([9, 8]), { k: 'v' }, 5n];
      const query = 'select $1::timestamptz as t, $2::bytea as b, $3::jsonb as j, $4::int8 as n';
      expect(await thread.query(query, params)).toStrictEqual(await inProcess.query(query, params));
      // A parser that would change values is refused, rather than dropped silently.
      const double = { 23: (value: string) => Number(value) * 2 };
      await expect(thread.query('select 1', [], { parsers: double })).rejects.toThrow(
        /does not return the raw text/,
      );
    } finally {
      await thread.close();
    }
  });

  it('throws Postgres errors with their code and constraint, as in-process PGlite does', async () => {
    await handle.db.execute(sql`insert into items (name) values ('same')`);
    const error = await handle.db
      .execute(sql`insert into items (name) values ('same')`)
      .catch((caught: Error) => caught);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).cause).toMatchObject({ code: '23505', constraint: 'items_name_key' });
  });

  it('commits a transaction, and rolls one back when its function throws', async () => {
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into items (name) values ('kept')`);
    });
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`insert into items (name) values ('dropped')`);
        throw new Error('later step failed');
      }),
    ).rejects.toThrow('later step failed');
    // A statement that fails inside: the whole transaction goes, savepoints still work.
    await expect(
      handle.db.transaction(async (tx) => {
        await tx
          .transaction(async (inner) => {
            await inner.execute(sql`insert into items (name) values ('inner')`);
            throw new Error('inner failed');
          })
          .catch(() => {});
        await tx.execute(sql`insert into items (name) values ('outer')`);
        await tx.execute(sql`insert into items (name) values ('kept')`);
      }),
    ).rejects.toThrow();
    const names = rowsOf<{ name: string }>(
      await handle.db.execute(sql`select name from items order by id`),
    );
    expect(names.map((row) => row.name)).toEqual(['same', 'kept']);
  });

  it('runs concurrent transactions one after the other, never interleaved', async () => {
    await handle.db.execute(sql`delete from items`);
    const seen: Record<string, string[]> = {};
    const write = (label: string) =>
      handle.db.transaction(async (tx) => {
        for (const step of [1, 2, 3]) {
          await tx.execute(sql`insert into items (name) values (${`${label}${step}`})`);
          // Give the event loop away between statements: the other transaction still waits.
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        const rows = rowsOf<{ name: string }>(
          await tx.execute(sql`select name from items order by id`),
        );
        seen[label] = rows.map((row) => row.name);
      });
    const outside = handle.db.execute(sql`select count(*)::int as n from items`);
    await Promise.all([write('a'), write('b'), outside]);
    const [first, second] = seen.a?.length === 3 ? ['a', 'b'] : ['b', 'a'];
    expect(seen[first as string]).toEqual([1, 2, 3].map((n) => `${first}${n}`));
    expect(seen[second as string]).toEqual([
      ...[1, 2, 3].map((n) => `${first}${n}`),
      ...[1, 2, 3].map((n) => `${second}${n}`),
    ]);
    // The query queued while they ran saw a whole transaction or none, never a part.
    expect([0, 3, 6]).toContain(rowsOf<{ n: number }>(await outside)[0]?.n);
  });

  it('runs a health ping before the queries queued ahead of it', async () => {
    const thread = await startPgliteThread({ dataDir: templateCopy(), postgresqlconf: [] });
    try {
      // Answers arrive in the order the thread ran the work: record that order.
      const order: string[] = [];
      const queued = Array.from({ length: 20 }, (_, index) =>
        thread
          .query('select count(*) from generate_series(1, 100000)')
          .then(() => order.push(`query ${index}`)),
      );
      const ping = thread.ping().then(() => order.push('ping'));
      await Promise.all([...queued, ping]);
      expect(order.indexOf('ping')).toBeLessThan(19);
    } finally {
      await thread.close();
    }
  });

  it('forwards NOTIFY payloads from the thread until the listener stops', async () => {
    const payloads: string[] = [];
    const stop = await handle.listen('pglite_thread_test', (payload) => payloads.push(payload));
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_notify('pglite_thread_test', 'in a transaction')`);
    });
    await handle.db.execute(sql`select pg_notify('pglite_thread_test', 'alone')`);
    await expect.poll(() => payloads, { timeout: 10_000 }).toEqual(['in a transaction', 'alone']);
    await stop();
    await handle.db.execute(sql`select pg_notify('pglite_thread_test', 'after stop')`);
    await handle.db.execute(sql`select 1`);
    expect(payloads).toEqual(['in a transaction', 'alone']);
  });
});

describe('a PGlite thread created before its database is known', () => {
  const options = () => ({ dataDir: templateCopy(), postgresqlconf: [] });

  it('is the thread the next database opens on, once', async () => {
    const earlyOnline = vi.fn();
    spawnPgliteWorkerEarly(earlyOnline);
    const lateOnline = vi.fn();
    const first = await startPgliteThread(options(), lateOnline);
    const second = await startPgliteThread(options(), lateOnline);
    try {
      expect(await first.query('select 1 as n')).toMatchObject({ rows: [{ n: 1 }] });
      expect(await second.query('select 2 as n')).toMatchObject({ rows: [{ n: 2 }] });
      // The first open took the early thread; the second made its own.
      expect(earlyOnline).toHaveBeenCalledTimes(1);
      expect(lateOnline).toHaveBeenCalledTimes(1);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('ends, unused, when discarded, and the next database gets a thread of its own', async () => {
    const earlyOnline = vi.fn();
    spawnPgliteWorkerEarly(earlyOnline);
    await discardEarlyPgliteWorker();
    const lateOnline = vi.fn();
    const thread = await startPgliteThread(options(), lateOnline);
    try {
      expect(await thread.query('select 3 as n')).toMatchObject({ rows: [{ n: 3 }] });
      expect(lateOnline).toHaveBeenCalledTimes(1);
    } finally {
      await thread.close();
    }
  });
});

describe('closing the PGlite thread', () => {
  it('keeps what was written in the data directory, and refuses queries once closed', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'lunar-pglite-thread-'));
    try {
      const first = await openDatabase({ dataDir, template: pgliteTemplate() });
      await first.db.execute(sql`create table notes (body text)`);
      await first.db.execute(sql`insert into notes values ('stored')`);
      await first.close();
      await expect(first.db.execute(sql`select 1`)).rejects.toThrow();
      const second = await openDatabase({ dataDir });
      const rows = rowsOf(await second.db.execute(sql`select body from notes`));
      expect(rows).toEqual([{ body: 'stored' }]);
      await second.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('lets a process exit by itself, closed or not, like in-process PGlite', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lunar-pglite-exit-'));
    const client = fileURLToPath(new URL('../../db/client.ts', import.meta.url));
    const drizzleOrm = fileURLToPath(
      new URL('../../node_modules/drizzle-orm/index.js', import.meta.url),
    );
    const tsx = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));
    try {
      for (const close of [true, false]) {
        const script = join(dir, `exit-${close}.mts`);
        writeFileSync(
          script,
          `import { sql } from ${JSON.stringify(drizzleOrm)};
           import { openDatabase } from ${JSON.stringify(client)};
           const handle = await openDatabase(${JSON.stringify({ dataDir: join(dir, `data-${close}`), template: pgliteTemplate() })});
           const result = await handle.db.execute(sql\`select 41 + 1 as n\`);
           console.log('answer', result.rows[0].n);
           ${close ? 'await handle.close();' : ''}`,
        );
        const run = spawnSync(tsx, [script], { cwd: dir, encoding: 'utf8', timeout: 120_000 });
        expect(run.stdout).toContain('answer 42');
        expect(run.status).toBe(0);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 240_000); // two processes, each starting PGlite: slow on a loaded machine
});
