import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { Log } from '../bot/log';
import { createRobloxClient, type RobloxClient } from '../bot/payments/roblox-client';
import { createRobloxPayments } from '../bot/payments/robux-payments';
import { gamePassName, INVENTORY_READS_PER_MINUTE, PRESS_INTERVAL_MS } from '../core/payments';
import { openDatabase } from '../db/client';
import { createPaymentsRepository } from '../db/repositories/payments';
import { orderEvents, orderPayments, orders } from '../db/schema';
import { testConfig } from '../test/support/app';
import { createTestDatabase } from '../test/support/database';
import { startFakeRoblox } from '../test/support/fake-roblox';
import { insertOrder } from '../test/support/orders';

// `npm run bench -- payments` (issue 31): Robux payments checked on the fake Roblox with the
// default schedule (core/payments/schedule.ts) and the shared inventory budget.
//
// - 1,000 orders await payment, all made at once (the worst case for the budget); each customer
//   buys at a random moment (80% within the first hour, the rest within a day). Figures: the
//   time from the purchase to the order turning paid (the "paid" notice is queued in that same
//   transaction) at p50 and p99, and the most inventory reads in any minute (must stay within
//   Roblox's 100: the bench fails otherwise).
// - One order's "I've paid" pressed 50 times at once, as the button does: one transition.
//
// Time is simulated: the checks, the budget (stored with the simulated times) and the fake's
// own rate limits all read one clock that the loop moves on by STEP_MS after each round of due
// checks, so 26 hours pass in a few minutes. Each round runs the due checks until none is left
// or the budget is spent, as the worker would in that span. Game passes are made up front on
// the fake (making them is not what is measured); taking them off sale is left out likewise.
// Postgres when BENCH_DATABASE_URL or TEST_DATABASE_URL is set, else PGlite.

const ORDERS = Number(process.env.BENCH_PAYMENT_ORDERS ?? 1000);
const PRESSES = 50;
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const RUN_FOR = 26 * HOUR;
const stepAt = (elapsed: number) => (elapsed < 2 * HOUR ? 5 * SECOND : 30 * SECOND);

if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
const driver = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
// PGlite in a fresh directory of its own (the tests' template exists only under vitest).
const database =
  driver === 'postgres'
    ? await createTestDatabase('postgres')
    : await openDatabase({ dataDir: mkdtempSync(join(tmpdir(), 'lunar-bench-payments-')) });
if (driver === 'pglite') await database.migrate();
const db = database.db;

const start = Date.UTC(2026, 10, 2, 9, 0, 0);
let clock = start;
const now = () => new Date(clock);
const roblox = await startFakeRoblox({ now: () => clock });
const config = testConfig(roblox.env);
if (!config.roblox) throw new Error('the fake Roblox settings did not load');
const quiet: Log = { debug() {}, info() {}, warn() {}, error() {} };

// Every inventory read, at the simulated time it was made.
const reads: number[] = [];
const realClient = createRobloxClient(config.roblox);
const client: RobloxClient = {
  ...realClient,
  ownedGamePasses(userId, ids) {
    reads.push(clock);
    return realClient.ownedGamePasses(userId, ids);
  },
};
const robux = createRobloxPayments({
  db,
  config: { ...config, roblox: config.roblox },
  log: quiet,
  client,
  now,
});
const payments = createPaymentsRepository(db);

/** An order awaiting payment whose customer's pass is on sale on the fake, as the job leaves it. */
async function awaitingOrder(orderId: string, customer: string) {
  const userId = roblox.addUser(customer);
  const gamePassId = 7_000_000 + roblox.passes.size;
  roblox.passes.set(gamePassId, {
    gamePassId,
    name: gamePassName(orderId),
    description: '',
    price: 143,
    isForSale: true,
    owners: new Set(),
  });
  await insertOrder(db, { id: orderId, priceRobux: 100, createdAt: now(), updatedAt: now() });
  await db.insert(orderPayments).values({
    orderId,
    robloxUserId: userId,
    passPrice: 143,
    gamePassId: String(gamePassId),
    passPricedAt: 143,
    passOnSale: true,
    createdAt: now(),
    nextCheckAt: new Date(clock + 30 * SECOND),
  });
  return { userId, gamePassId };
}

// A seeded generator: the same purchases on every run.
let seed = 42;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};

const purchases = new Map<string, { at: number; userId: string; gamePassId: number }>();
for (let i = 0; i < ORDERS; i += 1) {
  const orderId = `bench-pay-${String(i).padStart(4, '0')}`;
  const { userId, gamePassId } = await awaitingOrder(orderId, `Buyer_${i}`);
  const delay = random() < 0.8 ? random() * HOUR : HOUR + random() * 23 * HOUR;
  purchases.set(orderId, { at: start + Math.round(delay), userId, gamePassId });
}
console.log(`${ORDERS} orders awaiting payment on ${driver}`);

const realStart = performance.now();
const pending = [...purchases.entries()].sort((a, b) => a[1].at - b[1].at);
while (clock - start < RUN_FOR) {
  while (pending.length && (pending[0]?.[1].at ?? Infinity) <= clock) {
    const [, purchase] = pending.shift() as [string, { userId: string; gamePassId: number }];
    roblox.purchase(purchase.userId, purchase.gamePassId);
  }
  for (;;) {
    const results = await robux.runDueChecks();
    if (results.length === 0 || results.every((result) => result === 'rate_limited')) break;
  }
  clock += stepAt(clock - start);
  // Every purchase made and seen: nothing more to measure.
  if (pending.length === 0 && (clock / stepAt(0)) % 60 === 0) {
    const [left] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.status, 'awaiting_payment'));
    if (Number(left?.n ?? 0) === 0) break;
  }
}
const simulatedHours = (clock - start) / HOUR;
const realSeconds = (performance.now() - realStart) / 1000;

const paid = await db
  .select({ id: orders.id, paidAt: orders.paidAt })
  .from(orders)
  .where(eq(orders.status, 'paid'));
const delays = paid
  .map((row) => (row.paidAt?.getTime() ?? 0) - (purchases.get(row.id)?.at ?? 0))
  .sort((a, b) => a - b);
const quantile = (q: number) => delays[Math.min(delays.length - 1, Math.floor(q * delays.length))];
const inWords = (ms: number | undefined) =>
  ms === undefined
    ? '—'
    : ms < HOUR
      ? `${(ms / MINUTE).toFixed(1)} min`
      : `${(ms / HOUR).toFixed(2)} h`;

// The most reads in any minute: a window ending at each read.
let busiestMinute = 0;
for (let i = 0, j = 0; i < reads.length; i += 1) {
  while ((reads[j] as number) <= (reads[i] as number) - MINUTE) j += 1;
  busiestMinute = Math.max(busiestMinute, i - j + 1);
}
const minutes =
  (reads.at(-1) ?? start) - start > 0 ? ((reads.at(-1) ?? start) - start) / MINUTE : 1;

console.log(
  `simulated ${simulatedHours.toFixed(1)} h in ${realSeconds.toFixed(0)} s: ${paid.length} of ${ORDERS} paid without a person`,
);
console.log(
  `purchase → paid notice: p50 ${inWords(quantile(0.5))}, p99 ${inWords(quantile(0.99))}, max ${inWords(delays.at(-1))}`,
);
console.log(
  `inventory reads: ${reads.length} in all, ${(reads.length / minutes).toFixed(1)} a minute on average, at most ${busiestMinute} in any minute (budget ${INVENTORY_READS_PER_MINUTE})`,
);

// "I've paid" pressed 50 times at once on a bought order: one check, one transition.
clock += HOUR;
const pressed = 'bench-press';
const buyer = await awaitingOrder(pressed, 'Presser');
roblox.purchase(buyer.userId, buyer.gamePassId);
const readsBefore = reads.length;
await Promise.all(
  Array.from({ length: PRESSES }, async () => {
    if (await payments.requestCheck(pressed, now(), PRESS_INTERVAL_MS)) await robux.runDueChecks();
  }),
);
const [transitions] = await db
  .select({ n: sql<number>`count(*)::int` })
  .from(orderEvents)
  .where(and(eq(orderEvents.orderId, pressed), eq(orderEvents.type, 'payment_verified')));
console.log(
  `"I've paid" ×${PRESSES} at once: ${transitions?.n ?? 0} transition(s), ${reads.length - readsBefore} inventory read(s)`,
);

await roblox.close();
await database.close();
if (busiestMinute > INVENTORY_READS_PER_MINUTE) {
  console.error(`over Roblox's budget: ${busiestMinute} reads in one minute`);
  process.exit(1);
}
if (Number(transitions?.n ?? 0) !== 1) {
  console.error('the presses did not make exactly one transition');
  process.exit(1);
}
