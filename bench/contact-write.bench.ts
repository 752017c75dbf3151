import { createContactMessagesRepository } from '../db/repositories/contact-messages';
import { createRateLimitRepository } from '../db/repositories/rate-limits';
import { createTestDatabase, DRIVERS } from '../test/support/database';

// The contact form's write, one request after another, without HTTP: the rate-limit upsert
// and then the message + outbox transaction (how it was: five round trips, two commits)
// against the one statement that does all three (createWithinLimit, decision 027). In-memory
// PGlite, and Postgres when TEST_DATABASE_URL is set. Median of 3 interleaved rounds of
// WRITES (default 400) each. Run: npm run bench -- contact-write
const WRITES = Number(process.env.WRITES ?? 400);
const input = { name: 'Bench', email: 'bench@example.com', subject: 'Write', message: 'Hello' };
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

for (const driver of DRIVERS) {
  const database = await createTestDatabase(driver);
  const messages = createContactMessagesRepository(database.db);
  const limits = createRateLimitRepository(database.db);
  const twoSteps: number[] = [];
  const oneStatement: number[] = [];
  try {
    for (let round = 0; round < 3; round += 1) {
      let started = performance.now();
      for (let i = 0; i < WRITES; i += 1) {
        await limits.hit(`two:${round}:${i}`, 600_000);
        await messages.create(input);
      }
      twoSteps.push((performance.now() - started) / WRITES);
      started = performance.now();
      for (let i = 0; i < WRITES; i += 1) {
        await messages.createWithinLimit(input, {
          key: `one:${round}:${i}`,
          max: 5,
          windowMs: 600_000,
        });
      }
      oneStatement.push((performance.now() - started) / WRITES);
    }
  } finally {
    await database.close();
  }
  const before = median(twoSteps);
  const after = median(oneStatement);
  console.log(
    `${driver}: ms per contact write, upsert + transaction ${before.toFixed(2)}, one statement ${after.toFixed(2)} (${(before / after).toFixed(2)}×)`,
  );
}
