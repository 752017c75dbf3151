import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TicketIntakeSchema, type TicketService } from '../../core/tickets';
import { type Database, migrationsFolder, openDatabase } from '../../db/client';
import { createTicketsRepository } from '../../db/repositories/tickets';
import { tickets } from '../../db/schema';
import { createTestDatabase, DRIVERS, type TestDatabase } from '../support/database';
import { templateCopy } from '../support/pglite-template';

// Ticket numbers have no gaps (issue 33): a refused or failed request gives its number back,
// a restart or a crash skips none, fifty requests at once take fifty consecutive numbers.

const banners: TicketService = { key: 'service:banners', label: 'Banners' };
const intake = TicketIntakeSchema.parse({
  service: banners.key,
  request: 'A recruitment banner in blue and gold',
  budgetRobux: '1,500',
  deadline: 'Next Friday',
  robloxUsername: 'Builder_1',
});
let customers = 0;
const newCustomer = () => {
  customers += 1;
  return `3100000000000${String(customers).padStart(5, '0')}`;
};

/** Asks for a ticket; its number, or null when refused. */
async function request(db: Database, customer = newCustomer()): Promise<number | null> {
  const result = await createTicketsRepository(db).requestTicket({
    customerDiscordId: customer,
    source: 'discord',
    intake,
    service: banners,
    onePerService: true,
  });
  return result.ok ? result.ticket.id : null;
}

async function numbers(db: Database): Promise<number[]> {
  const rows = await db.select({ id: tickets.id }).from(tickets);
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

const consecutive = (from: number, count: number) =>
  Array.from({ length: count }, (_, index) => from + index);

describe.each(DRIVERS)('ticket numbers on %s', (driver) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  it('gives no number to a refused duplicate or a request that failed', async () => {
    const customer = newCustomer();
    const first = await request(database.db, customer);
    expect(await request(database.db, customer)).toBeNull();
    // A request the database refuses half-way (a budget its check forbids) takes none either.
    const bad = createTicketsRepository(database.db).requestTicket({
      customerDiscordId: newCustomer(),
      source: 'discord',
      intake: { ...intake, budgetRobux: 0 },
      service: banners,
      onePerService: true,
    });
    await expect(bad).rejects.toThrow();
    const next = await request(database.db);
    expect(first).toBe(1);
    expect(next).toBe(2);
  });

  it('numbers fifty requests at once 1…50 past the last, refusing duplicates without a gap', async () => {
    const before = (await numbers(database.db)).at(-1) ?? 0;
    const twice = newCustomer();
    const asked = [
      ...Array.from({ length: 49 }, () => request(database.db)),
      request(database.db, twice),
      request(database.db, twice),
      request(database.db, twice),
    ];
    const given = (await Promise.all(asked)).filter((n): n is number => n !== null);
    expect(given.sort((a, b) => a - b)).toEqual(consecutive(before + 1, 50));
    expect(await numbers(database.db)).toEqual(consecutive(1, before + 50));
  });

  it('goes on from the last number in another process', async () => {
    const last = (await numbers(database.db)).at(-1) ?? 0;
    if (driver === 'postgres') {
      // Another process (its own pool) opens tickets and stops; this one goes on.
      const other = await openDatabase({ url: database.url ?? '', poolSize: 2 });
      expect(await request(other.db)).toBe(last + 1);
      await other.close();
      expect(await request(database.db)).toBe(last + 2);
      return;
    }
    // PGlite: one process at a time. A crash: the data directory as its files stand, without
    // a clean shutdown (what made a sequence jump by 33 on the embedded database).
    const dataDir = templateCopy('lunar-ticket-numbers-');
    const copy = mkdtempSync(join(tmpdir(), 'lunar-ticket-numbers-crash-'));
    try {
      const first = await openDatabase({ dataDir });
      expect(await request(first.db)).toBe(1);
      expect(await request(first.db)).toBe(2);
      cpSync(dataDir, copy, { recursive: true });
      await first.close();
      const afterCrash = await openDatabase({ dataDir: copy });
      expect(await request(afterCrash.db)).toBe(3);
      expect(await numbers(afterCrash.db)).toEqual([1, 2, 3]);
      await afterCrash.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(copy, { recursive: true, force: true });
    }
  });
});

/** A copy of the migrations that stops just before `tag`. */
function migrationsBefore(tag: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'lunar-migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const index = journal.entries.findIndex((entry) => entry.tag.endsWith(tag));
  if (index < 1) throw new Error(`no migration before ${tag}`);
  journal.entries = journal.entries.slice(0, index);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

describe.each(DRIVERS)('migration ticket_numbers on %s', (driver) => {
  let database: TestDatabase;
  let before: string;
  beforeAll(async () => {
    database = await createTestDatabase(driver, { migrate: false });
    before = migrationsBefore('ticket_numbers');
  }, 60_000);
  afterAll(async () => {
    await database?.close();
    rmSync(before, { recursive: true, force: true });
  });

  it('goes on after the highest number the sequence gave, keeping the old numbers', async () => {
    await database.migrate({ migrationsFolder: before });
    // Numbers as the sequence left them: 1, 3, 4, 5, 7 and 40 after a crash.
    for (const id of [1, 3, 4, 5, 7, 40]) {
      await database.db.execute(sql`
        insert into tickets (id, source, customer_discord_id, service_key, service_label,
          request, budget_robux, deadline, roblox_username, status)
        values (${id}, 'discord', ${newCustomer()}, 'service:banners', 'Banners',
          'A banner', 100, 'Friday', 'Builder_1', 'closed')`);
    }
    await database.migrate();
    expect(await request(database.db)).toBe(41);
    expect(await request(database.db)).toBe(42);
    const rows = await database.db.select().from(tickets);
    expect(rows.find((row) => row.id === 7)?.orderId).toBe('ticket-0007');
    expect(rows.find((row) => row.id === 42)?.orderId).toBe('ticket-0042');
  });
});
