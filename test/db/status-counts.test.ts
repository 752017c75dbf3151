import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationAnswers } from '../../core/applications/record';
import { migrationsFolder } from '../../db/client';
import { createOverviewRepository } from '../../db/repositories/overview';
import { applications, orders } from '../../db/schema';
import { createTestDatabase, DRIVERS, type TestDatabase } from '../support/database';
import { insertOrder } from '../support/orders';

// status_counts (migration 0014, decision record 030) must equal counting the tables, through
// every kind of write: the Overview shows it as the number of applications and orders.

type Journal = { entries: { tag: string }[] };

/** The committed migrations before the one that adds status_counts. */
function migrationsBeforeCounts(): string {
  const folder = mkdtempSync(join(tmpdir(), 'lunar-migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = join(folder, 'meta/_journal.json');
  const journal: Journal = JSON.parse(readFileSync(journalPath, 'utf8'));
  const at = journal.entries.findIndex((entry) => entry.tag.endsWith('_status_counts'));
  expect(at).toBeGreaterThan(0);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return folder;
}

const application = (status: 'pending' | 'accepted' | 'rejected', name: string) => ({
  type: 'designer' as const,
  status,
  robloxUsername: name,
  discordUsername: name,
  answers: { additionalInfo: name } as unknown as ApplicationAnswers,
});

describe.each(DRIVERS)('status counts on %s', (driver) => {
  let database: TestDatabase;
  let oldFolder: string;

  beforeAll(async () => {
    database = await createTestDatabase(driver, { migrate: false });
    oldFolder = migrationsBeforeCounts();
  });
  afterAll(async () => {
    await database.close();
    rmSync(oldFolder, { recursive: true, force: true });
  });

  /** What the Overview reads, and what counting the tables gives. */
  async function countsAndTruth() {
    const figures = createOverviewRepository(database.db);
    const counted = async (table: typeof applications | typeof orders) => {
      const rows = await database.db
        .select({ status: sql<string>`${table.status}::text`, n: count() })
        .from(table)
        .groupBy(table.status);
      return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
    };
    return {
      stored: {
        applications: await figures.applicationsByStatus(),
        orders: await figures.ordersByStatus(),
      },
      truth: { applications: await counted(applications), orders: await counted(orders) },
    };
  }

  async function expectExact(expected: {
    applications: Record<string, number>;
    orders: Record<string, number>;
  }) {
    const { stored, truth } = await countsAndTruth();
    expect(truth).toEqual(expected);
    expect(stored).toEqual(expected);
  }

  it('starts from the rows already there when the migration runs', async () => {
    const migrate = (folder: string) =>
      driver === 'pglite'
        ? migratePglite(database.db as never, { migrationsFolder: folder })
        : migratePostgres(database.db as never, { migrationsFolder: folder });
    await migrate(oldFolder);
    const db = database.db;
    await db
      .insert(applications)
      .values([application('pending', 'a1'), application('pending', 'a2')]);
    await db.insert(applications).values(application('accepted', 'a3'));
    // The table as it was then: the schema's later columns are not there yet.
    await db.execute(
      sql`insert into orders (id, status, price_robux, customer_roblox_username, designer_discord_id, ticket_channel_id) values ('o-1', 'paid', 100, 'Customer', '100000000000000001', '899999999999999999')`,
    );
    await database.migrate();
    await expectExact({ applications: { pending: 2, accepted: 1 }, orders: { paid: 1 } });
  });

  it('stays exact through inserts, status changes, other updates and deletes', async () => {
    const db = database.db;
    // Several rows and statuses in one statement.
    await db
      .insert(applications)
      .values([
        application('rejected', 'b1'),
        application('pending', 'b2'),
        application('rejected', 'b3'),
      ]);
    await insertOrder(db, { id: 'o-2', status: 'awaiting_payment' });
    await insertOrder(db, { id: 'o-3', status: 'awaiting_payment' });
    await expectExact({
      applications: { pending: 3, accepted: 1, rejected: 2 },
      orders: { paid: 1, awaiting_payment: 2 },
    });

    await db
      .update(applications)
      .set({ status: 'accepted' })
      .where(eq(applications.robloxUsername, 'a1'));
    // Two rows trading statuses in one statement: no counter moves.
    await db.execute(sql`
      update orders set status = case when status = 'paid' then 'awaiting_payment' else 'paid' end::order_status
      where id in ('o-1', 'o-2')`);
    // An update that leaves the status alone.
    await db.update(orders).set({ priceRobux: 555 }).where(eq(orders.id, 'o-3'));
    await expectExact({
      applications: { pending: 2, accepted: 2, rejected: 2 },
      orders: { paid: 1, awaiting_payment: 2 },
    });

    await db.delete(applications).where(eq(applications.status, 'rejected'));
    await db.delete(orders).where(inArray(orders.id, ['o-1', 'o-2']));
    // A status with no rows left is not shown (as counting the table would not).
    await expectExact({
      applications: { pending: 2, accepted: 2 },
      orders: { awaiting_payment: 1 },
    });
  });

  it('counts nothing a rolled-back transaction wrote', async () => {
    const before = await countsAndTruth();
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(applications).values(application('pending', 'c1'));
        await tx.update(orders).set({ status: 'logged' }).where(eq(orders.id, 'o-3'));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await countsAndTruth()).toEqual(before);
  });

  it('counts a bulk load that turns the other triggers off, and a truncate', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`
        insert into applications (type, status, roblox_username, discord_username, answers)
        select 'moderator', (case when i % 3 = 0 then 'rejected' else 'pending' end)::application_status,
          'bulk' || i, 'bulk' || i, '{}'::jsonb
        from generate_series(1, 300) as i`);
    });
    await expectExact({
      applications: { pending: 202, accepted: 2, rejected: 100 },
      orders: { awaiting_payment: 1 },
    });
    await database.db.execute(sql`truncate applications cascade`);
    await expectExact({ applications: {}, orders: { awaiting_payment: 1 } });
    await database.db.insert(applications).values(application('pending', 'd1'));
    await expectExact({ applications: { pending: 1 }, orders: { awaiting_payment: 1 } });
  });
});
