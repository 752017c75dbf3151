import { eq, sql } from 'drizzle-orm';
import { registerGuildCommands } from '../bot/register-commands';
import { registry } from '../bot/registry';
import { orderEvents } from '../db/schema';
import { startBotHarness } from '../test/bot/harness';
import type { InteractionRecord } from '../test/support/fake-discord/state';

// Order commands against the fake Discord with the real client, dispatcher and database:
// handler latency (interaction sent → the bot's first callback) over 1,000 interactions, and
// a burst of 200 identical 'Verify payment' presses, counting transitions applied more than
// once (must be 0). Prints figures, asserts none. Postgres when BENCH_DATABASE_URL or
// TEST_DATABASE_URL is set, else PGlite.
const TOTAL = Number(process.env.BENCH_ORDER_INTERACTIONS ?? 1000);
const BURST = Number(process.env.BENCH_ORDER_BURST ?? 200);
const CONCURRENCY = 4;

if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
const driver = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
const h = await startBotHarness(driver);
await registerGuildCommands(
  { token: h.fake.botToken, guildId: h.fake.guild.id, apiUrl: h.fake.apiUrl },
  registry.commands.map((command) => command.data),
);
const ticket = h.ids.paymentsChannel;
const latencies: number[] = [];
const firstCallback = (record: InteractionRecord) => {
  const first = record.callbacks[0];
  if (!first) throw new Error(`interaction ${record.id} got no answer`);
  return first.at - record.sentAt;
};

const createPayment = (orderId: string, price: number) =>
  h.fake.runCommand({
    name: 'createpayment',
    options: { price, roblox_username: 'Builder', order_id: orderId },
    channelId: ticket,
    userId: h.users.designer,
  });

// A mix: /tax (no database), /createpayment creating and updating orders, and Verify presses
// (the first verifies, later ones are refused as already verified).
let orderCount = 0;
const payments: { orderId: string; messageId: string }[] = [];
async function oneInteraction(i: number): Promise<InteractionRecord> {
  const kind = i % 4;
  if (kind === 0) {
    return h.fake.runCommand({
      name: 'tax',
      options: { amount: 100 + i },
      channelId: ticket,
      userId: h.users.member,
    });
  }
  if (kind === 1 || payments.length === 0) {
    const orderId = `bench-${orderCount++}`;
    const record = await createPayment(orderId, 700);
    const started = Date.now();
    while (!record.followUps.some((m) => !m.ephemeral) && Date.now() - started < 5000) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const message = record.followUps.find((m) => !m.ephemeral);
    if (message) payments.push({ orderId, messageId: message.id });
    return record;
  }
  const payment = payments[i % payments.length] as (typeof payments)[number];
  if (kind === 2) return createPayment(payment.orderId, 800 + i);
  return h.fake.clickButton({
    messageId: payment.messageId,
    customId: `order:verify_payment:${payment.orderId}`,
    channelId: ticket,
    userId: h.users.verifier,
  });
}

let next = 0;
const startedAt = Date.now();
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    for (let i = next++; i < TOTAL; i = next++)
      latencies.push(firstCallback(await oneInteraction(i)));
  }),
);
const elapsed = Date.now() - startedAt;

// The burst: one unpaid order, BURST presses of its Verify button at once.
const burstOrder = 'bench-burst';
const created = await createPayment(burstOrder, 700);
while (!created.followUps.some((m) => !m.ephemeral)) {
  await new Promise((resolve) => setTimeout(resolve, 5));
}
const paymentMessage = created.followUps.find((m) => !m.ephemeral);
const presses = await Promise.allSettled(
  Array.from({ length: BURST }, () =>
    h.fake.clickButton({
      messageId: paymentMessage?.id ?? '',
      customId: `order:verify_payment:${burstOrder}`,
      channelId: ticket,
      userId: h.users.verifier,
    }),
  ),
);
const answered = presses.filter((press) => press.status === 'fulfilled').length;
const [applied] = await h.database.db
  .select({ n: sql<number>`count(*)::int` })
  .from(orderEvents)
  .where(
    sql`${eq(orderEvents.orderId, burstOrder)} and ${eq(orderEvents.type, 'payment_verified')}`,
  );
// Across the whole run: any order with more than one event of a once-only transition.
const twice = await h.database.db.execute<{ n: number }>(
  sql`select count(*)::int as n from (select order_id, type from order_events
      where type in ('payment_verified', 'order_created') group by order_id, type
      having count(*) > 1) repeated`,
);
const repeatedRows =
  (twice as unknown as { rows?: { n: number }[] }).rows ?? (twice as unknown as { n: number }[]);

const sorted = [...latencies].sort((a, b) => a - b);
const quantile = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
console.log(`driver: ${driver}`);
console.log(
  `interactions: ${latencies.length} in ${(elapsed / 1000).toFixed(1)} s (${CONCURRENCY} at a time)`,
);
console.log(
  `handler latency (sent → first callback): p50 ${quantile(0.5)} ms, p99 ${quantile(0.99)} ms, max ${sorted.at(-1)} ms`,
);
console.log(`timed out (over 3 s): ${h.fake.timedOut.length}`);
console.log(
  `burst: ${BURST} concurrent identical presses, ${answered} answered, payment_verified events: ${applied?.n ?? 0}`,
);
console.log(
  `transitions applied twice: ${Math.max(0, (applied?.n ?? 0) - 1) + Number(repeatedRows[0]?.n ?? 0)}`,
);
await h.close();
