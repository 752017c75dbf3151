import { sql } from 'drizzle-orm';
import { startOutboxWorker } from '../bot/delivery/worker';
import { createDiscordSender } from '../bot/discord-sender';
import { startBot } from '../bot/start-bot';
import { hasDiscordConnection } from '../core/config';
import { createOutboxRepository } from '../db/repositories/outbox';
import {
  addressFor,
  designerAnswers,
  moderatorAnswers,
  pngBytes,
  submitApplication,
} from '../test/bot/factories';
import { createMemoryLog } from '../test/bot/harness';
import { buildTestApp, testConfig } from '../test/support/app';
import { createTestDatabase } from '../test/support/database';
import { startFakeDiscord } from '../test/support/fake-discord';

// 1,000 applications through the real POST /api/applications (each from its own address, so
// the per-IP rate limit applies as in production without blocking the run) while the fake
// Discord has outage windows and 429 bursts; two workers deliver. Prints figures, asserts none.
const TOTAL = Number(process.env.BENCH_APPLICATIONS ?? 1000);
const SUBMIT_CONCURRENCY = 8;

if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
const driver = process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite';
const database = await createTestDatabase(driver);
const fake = await startFakeDiscord();
const [applicationsChannel, contactChannel] = fake.guild.channels;
const env = {
  DISCORD_TOKEN: fake.botToken,
  DISCORD_API_URL: fake.apiUrl,
  DISCORD_GUILD_ID: fake.guild.id,
  DISCORD_APPLICATIONS_CHANNEL_ID: applicationsChannel?.id ?? '',
  DISCORD_CONTACT_CHANNEL_ID: contactChannel?.id ?? '',
};
const config = testConfig(env);
if (!hasDiscordConnection(config)) throw new Error('the bench sets DISCORD_TOKEN');
const log = createMemoryLog();
const app = await buildTestApp(database, { env });
const bot = await startBot(config, { db: database.db, log });
const sender = createDiscordSender(fake.botToken, fake.apiUrl);
// Backoff scaled down (base 200 ms, cap 3 s) so the run takes seconds, not an hour.
const workerOptions = { pollMs: 100, baseDelayMs: 200, maxDelayMs: 3000 };
const workers = [1, 2].map(() =>
  startOutboxWorker({ db: database.db, sender, config, log }, workerOptions),
);
const outbox = createOutboxRepository(database.db);

// Discord trouble keyed to submission progress, so it hits mid-run on any machine: two
// outages (every message POST 503), a burst of route 429s, a global 429 and stray 503s.
const startedAt = Date.now();
const faults: Array<[number, () => void]> = [
  [0.1, () => fake.setOutage(true)],
  [0.3, () => fake.setOutage(false)],
  [
    0.35,
    () =>
      fake.failNext(20, { status: 429, retryAfter: 0.5 }, { method: 'POST', path: /\/messages$/ }),
  ],
  [0.5, () => fake.setOutage(true)],
  [0.65, () => fake.setOutage(false)],
  [0.75, () => fake.failNext(5, { status: 429, retryAfter: 1, global: true })],
  // Longer than the sender waits inline: these rows are rescheduled after retry_after.
  [
    0.8,
    () => fake.failNext(3, { status: 429, retryAfter: 3 }, { method: 'POST', path: /\/messages$/ }),
  ],
  [0.85, () => fake.failNext(30, { status: 503 }, { method: 'POST', path: /\/messages$/ })],
];
// BENCH_FAULTS=0 runs the same load against a healthy Discord, for comparison.
if (process.env.BENCH_FAULTS === '0') faults.length = 0;
function applyFaults(done: number) {
  while (faults[0] && done >= faults[0][0] * TOTAL) faults.shift()?.[1]();
}

let next = 0;
let refused = 0;
async function submitLane() {
  for (let n = next++; n < TOTAL; n = next++) {
    const designer = n % 5 === 0;
    const answers = designer ? designerAnswers(n) : moderatorAnswers(n);
    const images = designer ? [pngBytes(n, 2048), pngBytes(n + 1, 4096)] : [];
    const { status } = await submitApplication(app, answers, images, addressFor(n + 1));
    if (status !== 201) refused++;
    applyFaults(n);
  }
}
await Promise.all(Array.from({ length: SUBMIT_CONCURRENCY }, submitLane));
const submittedMs = Date.now() - startedAt;

const deadline = Date.now() + 5 * 60_000;
while ((await outbox.countByStatus()).pending > 0 && Date.now() < deadline) {
  await new Promise((resolve) => setTimeout(resolve, 100));
}
const drainedMs = Date.now() - startedAt;

const counts = await outbox.countByStatus();
const result = await database.db.execute(
  sql`select (select count(*)::int from applications) as stored, (select coalesce(sum(attempts), 0)::int from outbox) as attempts, (select max(attempts)::int from outbox) as max_attempts`,
);
// postgres.js returns the rows, PGlite an object holding them.
const [stats] = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as [
  { stored: number; attempts: number; max_attempts: number },
];
const posted = fake.messages.filter((message) => !message.interactionId);
const countBy = (keys: string[]) => {
  const seen = new Map<string, number>();
  for (const key of keys) seen.set(key, (seen.get(key) ?? 0) + 1);
  return [...seen.values()].filter((count) => count > 1).length;
};
const footers = posted.map((m) => String((m.embeds[0]?.footer as { text?: string })?.text));
const statuses = fake.requests.map((request) => request.status);

console.log(`driver                     ${driver}`);
console.log(
  `submitted                  ${TOTAL} (refused by the server: ${refused}) in ${submittedMs} ms`,
);
console.log(`stored                     ${stats?.stored}`);
console.log(`delivered (outbox)         ${counts.delivered}`);
console.log(`messages in Discord        ${posted.length}`);
console.log(`duplicates by nonce        ${countBy(posted.map((m) => String(m.nonce)))}`);
console.log(`duplicates by application  ${countBy(footers)}`);
console.log(`failed / still pending     ${counts.failed} / ${counts.pending}`);
console.log(`attempts (total / max)     ${stats?.attempts} / ${stats?.max_attempts}`);
console.log(
  `Discord requests           ${statuses.length} (503: ${statuses.filter((s) => s === 503).length}, 429: ${statuses.filter((s) => s === 429).length}, rejected by limits: ${fake.rejected.length})`,
);
console.log(`time to drain              ${drainedMs} ms from the first submission`);
console.log(`deliveries/s               ${(counts.delivered / (drainedMs / 1000)).toFixed(1)}`);

await Promise.all(workers.map((worker) => worker.close()));
await bot.close();
await app.close();
await fake.close();
await database.close();
