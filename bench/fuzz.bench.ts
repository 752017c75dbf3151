import { seedOnce } from '../db/seed';
import { buildTestApp } from '../test/support/app';
import { createTestDatabase } from '../test/support/database';
import { countPublicRows, createFuzzer, fuzzEndpoint } from '../test/support/fuzz';

// The fuzz test in volume: 10,000 generated bodies per public endpoint (FUZZ_BODIES to change),
// on PGlite or on Postgres with BENCH_DATABASE_URL. Prints answers ≥ 500 and the row balance;
// exits 1 if there is any, so a long run that finds something is not missed.
const COUNT = Number(process.env.FUZZ_BODIES ?? 10_000);
const SEED = process.env.FUZZ_SEED ?? `bench-${Date.now()}`;

if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
const database = await createTestDatabase(process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite');
await seedOnce(database.db);
const app = await buildTestApp(database, { env: { BLOG_ADMIN_PASSCODE: 'bench passcode long' } });

const contact = { name: 'Jo', email: 'jo@example.com', subject: 'Logo', message: 'A new logo.' };
const designer = {
  type: 'designer',
  robloxUsername: 'roblox_user',
  discordUsername: 'discord_user',
  age: 16,
  activityLevel: 10,
  agreeTerms: true,
  designStyle: 'Clean',
};
const endpoints: [string, string, Record<string, unknown>][] = [
  ['contact', '/api/contact', contact],
  ['applications', '/api/applications', designer],
  ['blog sign-in', '/api/blog/session', { passcode: 'guess' }],
];

console.log(`seed ${SEED}, ${COUNT} bodies per endpoint`);
let problems = 0;
for (const [name, url, valid] of endpoints) {
  const fuzz = createFuzzer(`${SEED}:${name}`);
  const before = await countPublicRows(database);
  const started = performance.now();
  const tally = await fuzzEndpoint(app, COUNT, () => {
    const { payload, contentType } = fuzz.body(valid);
    return { method: 'POST', url, payload, headers: { 'content-type': contentType } };
  });
  const after = await countPublicRows(database);
  const stored =
    after.contact -
    before.contact +
    (after.applications - before.applications) +
    (after.posts - before.posts);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `${name}: ${tally.total} sent in ${seconds} s, ${tally.success} accepted, ${stored} rows, ${tally.serverErrors.length} answers >= 500`,
  );
  for (const error of tally.serverErrors.slice(0, 10)) console.log(`  ${error}`);
  if (tally.serverErrors.length > 0 || stored !== tally.success) problems++;
}
await app.close();
await database.close();
process.exit(problems ? 1 : 0);
