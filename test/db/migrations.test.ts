import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApplicationSchema } from '../../core/applications';
import { migrationsFolder } from '../../db/client';
import { createApplicationsRepository } from '../../db/repositories/applications';
import { applications } from '../../db/schema';
import { createTestDatabase, DRIVERS, type TestDatabase } from '../support/database';

const EXPECTED_TABLES = [
  'application_images',
  'applications',
  'blog_posts',
  'contact_messages',
  'customer_accounts',
  'customer_sessions',
  'order_card_payments',
  'order_events',
  'order_messages',
  'order_payments',
  'order_refunds',
  'orders',
  'outbox',
  'payout_orders',
  'payouts',
  'people',
  'portfolio_profiles',
  'rate_limits',
  'reviews',
  'roblox_inventory_reads',
  'sessions',
  'sign_in_links',
  'site_content',
  'staff_users',
  'status_counts',
  'stripe_events',
  'system_state',
  'team_categories',
  'team_category_members',
  'team_members',
  'ticket_counter',
  'ticket_events',
  'ticket_messages',
  'ticket_notes',
  'tickets',
  'worker_processes',
];

async function tableNames(database: TestDatabase): Promise<string[]> {
  const result = await database.db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
  );
  // PGlite answers { rows }, postgres.js an array of rows.
  const rows = Array.isArray(result)
    ? result
    : (result as unknown as { rows: { table_name: string }[] }).rows;
  return rows.map((row) => row.table_name);
}

// drizzle wraps the driver's error; the constraint's name is in its cause.
async function databaseError(query: Promise<unknown>): Promise<string> {
  try {
    await query;
    return 'none';
  } catch (error) {
    const cause = (error as { cause?: Error }).cause;
    return cause?.message ?? String(error);
  }
}

describe.each(DRIVERS)('migrations on %s', (driver) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(driver, { migrate: false });
  });
  afterAll(() => database.close());

  it('creates every table from an empty database', async () => {
    expect(await tableNames(database)).toEqual([]);
    await database.migrate();
    expect(await tableNames(database)).toEqual(EXPECTED_TABLES);
  });

  it('is idempotent when applied again', async () => {
    await database.migrate();
    expect(await tableNames(database)).toEqual(EXPECTED_TABLES);
  });

  it('indexes the Payments sorts (the rows with a value) and the nickname search', async () => {
    const result = await database.db.execute<{ indexname: string; indexdef: string }>(
      sql`select indexname, indexdef from pg_indexes where schemaname = 'public'
        and indexname in ('orders_paid_at_id_idx', 'orders_status_paid_at_idx',
          'order_payments_last_check_idx', 'people_nick_pattern_idx')
        order by indexname`,
    );
    const rows = Array.isArray(result)
      ? result
      : (result as unknown as { rows: { indexname: string; indexdef: string }[] }).rows;
    expect(rows.map((row) => row.indexname)).toEqual([
      'order_payments_last_check_idx',
      'orders_paid_at_id_idx',
      'orders_status_paid_at_idx',
      'people_nick_pattern_idx',
    ]);
    expect(rows[0]?.indexdef).toContain(
      '(last_check_at, order_id) WHERE (last_check_at IS NOT NULL)',
    );
    expect(rows[1]?.indexdef).toContain('(paid_at, id) WHERE (paid_at IS NOT NULL)');
    expect(rows[2]?.indexdef).toContain('(status, paid_at, id) WHERE (paid_at IS NOT NULL)');
    expect(rows[3]?.indexdef).toContain('lower(nick) text_pattern_ops');
  });

  it('enforces the schema constraints', async () => {
    await database.db.execute(
      sql`insert into orders (id, price_robux, customer_roblox_username, designer_discord_id, ticket_channel_id) values ('t-1', 750, 'Builder', '1', '2')`,
    );
    const review = (rating: number, orderId = 't-1') =>
      database.db.execute(
        sql`insert into reviews (order_id, customer_discord_id, rating, comment) values (${orderId}, '2', ${rating}, 'x')`,
      );
    expect(await databaseError(review(9))).toMatch(/reviews_rating_range/);
    expect(await databaseError(review(5, 'no-such-order'))).toMatch(/foreign key/);
    expect(await databaseError(review(5))).toBe('none');
    expect(await databaseError(review(4))).toMatch(/unique|duplicate/);
    const freeOrder = database.db.execute(
      sql`insert into orders (id, price_robux, customer_roblox_username, designer_discord_id, ticket_channel_id) values ('t-2', 0, 'B', '1', '2')`,
    );
    expect(await databaseError(freeOrder)).toMatch(/orders_price_positive/);
  });
});

// Rows as the code before 0001_application_answers wrote them: one column per answer, the
// other form's answers null. Some optional answers are '' (what the form sends) and some null
// (never written by that code, but the columns allowed it).
const OLD_ROWS = [
  {
    id: 1,
    type: 'moderator',
    status: 'pending',
    roblox: 'ModAll',
    discord: 'mod.all',
    age: 15,
    activity: 12,
    answers: {
      other_servers: 'Two ERLC servers',
      why_choose_you: `Because ${'w'.repeat(100)}`,
      scenario_one: `One ${'a'.repeat(50)}`,
      scenario_two: `Two ${'b'.repeat(50)}`,
      scenario_three: `Three ${'c'.repeat(50)}`,
      scenario_four: `Four 😀 ${'d'.repeat(50)}`,
      questions_for_us: 'When do waves open?',
      questions_benefits: 'How are payouts made?',
      additional_info: 'Line one\nline "two"',
    },
  },
  {
    id: 2,
    type: 'moderator',
    status: 'accepted',
    roblox: 'ModMin',
    discord: 'mod.min',
    age: 13,
    activity: 5,
    answers: {
      other_servers: null,
      why_choose_you: 'w'.repeat(100),
      scenario_one: 'a'.repeat(50),
      scenario_two: 'b'.repeat(50),
      scenario_three: 'c'.repeat(50),
      scenario_four: 'd'.repeat(50),
      questions_for_us: '',
      questions_benefits: null,
      additional_info: '',
    },
    decision: {
      reviewerId: '123456789012345678',
      reviewerName: 'Lead',
      at: '2024-06-01T12:00:00.000Z',
    },
  },
  {
    id: 3,
    type: 'designer',
    status: 'pending',
    roblox: 'PixelAll',
    discord: 'pixel.all',
    age: 17,
    activity: 8,
    answers: {
      design_style: 'Minimal, lots of lavender',
      tools: 'Photoshop, Blender',
      design_process: 'Sketch, then vector',
      design_challenges: 'Deadlines',
      questions_for_us: 'Q',
      questions_benefits: 'B',
      additional_info: 'A',
    },
  },
  {
    id: 4,
    type: 'designer',
    status: 'rejected',
    roblox: 'PixelMin',
    discord: 'pixel.min',
    age: 18,
    activity: 15,
    answers: {
      design_style: '',
      tools: null,
      design_process: null,
      design_challenges: '',
      questions_for_us: null,
      questions_benefits: '',
      additional_info: null,
    },
    decision: { reviewerId: '42', reviewerName: 'Exec', at: '2024-06-02T08:30:00.000Z' },
  },
] as const;

const camel = (column: string) => column.replace(/_(\w)/g, (_, c: string) => c.toUpperCase());

/** The application an old row stood for, as the form would submit it (null read as ''). */
function expectedApplication(row: (typeof OLD_ROWS)[number]) {
  return ApplicationSchema.parse({
    type: row.type,
    robloxUsername: row.roblox,
    discordUsername: row.discord,
    age: row.age,
    activityLevel: row.activity,
    ...Object.fromEntries(Object.entries(row.answers).map(([k, v]) => [camel(k), v ?? ''])),
    agreeTerms: true,
  });
}

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

async function columnNames(database: TestDatabase, table: string): Promise<string[]> {
  const result = await database.db.execute<{ column_name: string }>(
    sql`select column_name from information_schema.columns where table_schema = 'public' and table_name = ${table}`,
  );
  const rows = Array.isArray(result)
    ? result
    : (result as unknown as { rows: { column_name: string }[] }).rows;
  return rows.map((row) => row.column_name);
}

describe.each(DRIVERS)('migration application_answers on %s', (driver) => {
  let database: TestDatabase;
  let before: string;
  beforeAll(async () => {
    database = await createTestDatabase(driver, { migrate: false });
    before = migrationsBefore('_application_answers');
  });
  afterAll(async () => {
    await database.close();
    rmSync(before, { recursive: true, force: true });
  });

  it('moves every answer of rows written by the old schema into the answers document', async () => {
    await database.migrate({ migrationsFolder: before });
    expect(await columnNames(database, 'applications')).toContain('scenario_one');
    for (const row of OLD_ROWS) {
      const columns = Object.keys(row.answers).map((column) => sql.identifier(column));
      const values = Object.values(row.answers).map((value) => sql`${value}`);
      const decision = 'decision' in row ? row.decision : undefined;
      await database.db.execute(sql`
        insert into applications (id, type, status, roblox_username, discord_username, age,
          activity_level, agree_terms, submitted_at, reviewer_id, reviewer_name, decided_at,
          ${sql.join(columns, sql`, `)})
        values (${row.id}, ${row.type}, ${row.status}, ${row.roblox}, ${row.discord}, ${row.age},
          ${row.activity}, true, ${`2024-05-0${row.id}T10:00:00.123Z`}, ${decision?.reviewerId ?? null},
          ${decision?.reviewerName ?? null}, ${decision?.at ?? null}, ${sql.join(values, sql`, `)})`);
    }
    await database.db.execute(sql`
      insert into application_images (application_id, position, filename, content_type, byte_size, data)
      values (3, 0, 'one.png', 'image/png', 3, '\\x010203'::bytea)`);

    await database.migrate();

    const columns = await columnNames(database, 'applications');
    expect(columns).toContain('answers');
    expect(columns).not.toContain('scenario_one');
    expect(columns).not.toContain('age');
    expect(await columnNames(database, 'orders')).not.toContain('qc_passed');

    const repo = createApplicationsRepository(database.db);
    for (const row of OLD_ROWS) {
      const record = await repo.findById(row.id);
      if (!record) throw new Error(`application ${row.id} is gone`);
      const { answers, type, robloxUsername, discordUsername } = record;
      const read: Record<string, unknown> = { type, robloxUsername, discordUsername, ...answers };
      const expected: Record<string, unknown> = expectedApplication(row);
      expect(Object.keys(read).sort()).toEqual(Object.keys(expected).sort());
      for (const [field, value] of Object.entries(expected)) {
        expect({ id: row.id, field, value: read[field] }).toEqual({ id: row.id, field, value });
      }
      expect(record.status).toBe(row.status);
      expect(record.submittedAt.toISOString()).toBe(`2024-05-0${row.id}T10:00:00.123Z`);
      const decision = 'decision' in row ? row.decision : undefined;
      expect(record.decision).toEqual(
        decision
          ? {
              status: row.status,
              reviewerId: decision.reviewerId,
              reviewerName: decision.reviewerName,
              decidedAt: new Date(decision.at),
            }
          : null,
      );
    }
    expect((await repo.findById(3))?.images).toEqual([
      {
        id: expect.any(Number),
        position: 0,
        filename: 'one.png',
        contentType: 'image/png',
        byteSize: 3,
      },
    ]);
    // The document holds the answers of the row's own form only, nulls left out.
    const [designer] = await database.db
      .select({ answers: applications.answers })
      .from(applications)
      .where(eq(applications.id, 4));
    expect(Object.keys(designer?.answers ?? {}).sort()).toEqual(
      [
        'activityLevel',
        'age',
        'agreeTerms',
        'designChallenges',
        'designStyle',
        'questionsBenefits',
      ].sort(),
    );
  });
});
