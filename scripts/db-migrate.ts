import { refuseAnotherUsersDataDir } from '../entry/data-dir-owner';
import { openConfiguredDatabase } from '../entry/database';
import { loadConfigOrExit } from '../entry/load-config';

// `npm run db:migrate`: applies the committed migrations to DATABASE_URL (or the embedded
// database in DATA_DIR; stop Lunar first, PGlite allows one process), as start-up does. For a
// deploy that migrates before it starts the new version. Compiled into dist/server/ so a
// production install runs it without development dependencies.
const config = loadConfigOrExit();
refuseAnotherUsersDataDir(config, 'db:migrate');
const database = await openConfiguredDatabase(config);
try {
  await database.migrate();
  console.log(`Migrations applied (${database.driver}).`);
} catch (error) {
  console.error(`Migrating failed: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
