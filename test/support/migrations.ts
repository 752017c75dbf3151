import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import { migrationsFolder } from '../../db/client';
import type { Driver, TestDatabase } from './database';

type Journal = { entries: { tag: string }[] };

/**
 * For a migration's own test (its hand-written backfill): a copy of the committed migrations
 * up to, not including, the one whose tag ends with `tagEnd` (`_staff_roles`). Migrate a
 * database to it, add the old rows, then run the real migrations.
 */
export function migrationsBefore(tagEnd: string): { folder: string; remove: () => void } {
  const folder = mkdtempSync(join(tmpdir(), 'lunar-migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = join(folder, 'meta/_journal.json');
  const journal: Journal = JSON.parse(readFileSync(journalPath, 'utf8'));
  const at = journal.entries.findIndex((entry) => entry.tag.endsWith(tagEnd));
  if (at < 1) throw new Error(`no migration after the first ends with ${tagEnd}`);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

/** Runs the migrations in `folder` on a test database of either driver. */
export function migrateFrom(driver: Driver, database: TestDatabase, folder: string) {
  return driver === 'pglite'
    ? migratePglite(database.db as never, { migrationsFolder: folder })
    : migratePostgres(database.db as never, { migrationsFolder: folder });
}
