import { seedDemoOnce } from '../db/seed';
import { refuseAnotherUsersDataDir } from '../entry/data-dir-owner';
import { openConfiguredDatabase } from '../entry/database';
import { loadConfigOrExit } from '../entry/load-config';

// `npm run db:seed-demo`: puts the demo team, portfolios and welcome post into DATABASE_URL (or
// the embedded database; stop Lunar first), for a staging or demo site. Migrates first, like a start. Does
// nothing where they were seeded before or the team already has members.
const config = loadConfigOrExit();
refuseAnotherUsersDataDir(config, 'db:seed-demo');
const database = await openConfiguredDatabase(config);
try {
  await database.migrate();
  const result = await seedDemoOnce(database.db);
  console.log(
    result === 'seeded'
      ? `Demo team, portfolios and welcome post seeded (${database.driver}).`
      : 'Nothing to do: the demo set was seeded before, or the team already has members.',
  );
} catch (error) {
  console.error(`Seeding failed: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
