import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DRIVERS, type TestDatabase } from '../support/database';

const EXPECTED_TABLES = [
  'application_images',
  'applications',
  'blog_posts',
  'contact_messages',
  'order_events',
  'order_messages',
  'orders',
  'outbox',
  'portfolio_profiles',
  'rate_limits',
  'reviews',
  'sessions',
  'staff_users',
  'system_state',
  'team_categories',
  'team_category_members',
  'team_members',
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
