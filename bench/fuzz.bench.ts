import { registerGuildCommands } from '../bot/register-commands';
import { registry } from '../bot/registry';
import { createTicketsRepository } from '../db/repositories/tickets';
import { seedOnce } from '../db/seed';
import { startBotHarness } from '../test/bot/harness';
import { buildTestApp } from '../test/support/app';
import { createTestDatabase } from '../test/support/database';
import { startFakeStripe } from '../test/support/fake-stripe';
import {
  countPublicRows,
  createFuzzer,
  type Fuzzer,
  type FuzzTally,
  fuzzEndpoint,
} from '../test/support/fuzz';
import { cardPriceCommand, fuzzCommand, ticketNoteCommand } from '../test/support/fuzz-commands';
import {
  countStaffRows,
  fuzzTicketRequest,
  listQueryUrl,
  STAFF_LISTS,
  staffPost,
} from '../test/support/fuzz-staff';
import { insertOrder } from '../test/support/orders';
import makePgliteTemplate from '../test/support/pglite-template';
import { signInAsStaff } from '../test/support/staff';

// The fuzz tests in volume, on PGlite or on Postgres with BENCH_DATABASE_URL: 10,000 generated
// bodies per public endpoint (FUZZ_BODIES), 300 requests per staff endpoint and list
// (FUZZ_STAFF), 100 runs per slash command option (FUZZ_COMMANDS). Prints answers ≥ 500 (or the
// bot's "Something went wrong") and the row balance; exits 1 if there is any, so a long run
// that finds something is not missed.
const COUNT = Number(process.env.FUZZ_BODIES ?? 10_000);
const STAFF_COUNT = Number(process.env.FUZZ_STAFF ?? 300);
const COMMAND_COUNT = Number(process.env.FUZZ_COMMANDS ?? 100);
const SEED = process.env.FUZZ_SEED ?? `bench-${Date.now()}`;

if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
const driver = process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite';
// Outside vitest, the embedded database's template is made here (vitest's global setup does it
// for tests).
const removeTemplate = driver === 'pglite' ? await makePgliteTemplate() : () => {};
const database = await createTestDatabase(driver);
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

console.log(`seed ${SEED}, ${COUNT} bodies per public endpoint`);
let problems = 0;

/** One line per endpoint; a problem when anything failed or `stored` is not `expected` rows. */
function report(
  name: string,
  started: number,
  tally: FuzzTally,
  stored: number,
  expected = tally.success,
) {
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `${name}: ${tally.total} sent in ${seconds} s, ${tally.success} accepted, ${stored} rows, ${tally.serverErrors.length} failures`,
  );
  for (const error of tally.serverErrors.slice(0, 10)) console.log(`  ${error}`);
  if (tally.serverErrors.length > 0 || stored !== expected) problems++;
}

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
  report(name, started, tally, stored);
}

// Staff endpoints, as an executive: every list's query, the refund reason, a ticket's notes.
console.log(`\n${STAFF_COUNT} requests per staff endpoint`);
const { cookie } = await signInAsStaff(database.db, ['executive'], 'fuzz-exec');
for (const list of Object.keys(STAFF_LISTS)) {
  const fuzz = createFuzzer(`${SEED}:list-${list}`);
  const before = await countStaffRows(database);
  const started = performance.now();
  const tally = await fuzzEndpoint(app, STAFF_COUNT, () => ({
    method: 'GET',
    url: listQueryUrl(fuzz, list),
    headers: { cookie },
  }));
  const after = await countStaffRows(database);
  const stored = Object.entries(after).reduce(
    (sum, [table, rows]) => sum + rows - before[table as keyof typeof before],
    0,
  );
  // A list stores nothing.
  report(`GET /api/staff/${list}`, started, tally, stored, 0);
}
for (let i = 0; i < STAFF_COUNT; i++) {
  await insertOrder(database.db, { id: `fz-${i}`, paidAt: new Date() });
}
const tickets = createTicketsRepository(database.db);
const opened = await tickets.requestTicket(fuzzTicketRequest('940000000000000001', 'site'));
if (!opened.ok) throw new Error(opened.reason);
await tickets.markTicketOpened(opened.ticket.id, '940000000000000002');
const staffBodies: [
  string,
  (index: number) => string,
  Record<string, unknown>,
  'refunds' | 'notes',
][] = [
  ['refund reason', (i) => `/api/staff/orders/fz-${i}/refund`, { reason: 'Paid twice' }, 'refunds'],
  [
    'ticket notes',
    () => `/api/staff/tickets/${opened.ticket.id}/notes`,
    { text: 'A note' },
    'notes',
  ],
];
for (const [name, url, valid, table] of staffBodies) {
  const fuzz = createFuzzer(`${SEED}:${name}`);
  const before = await countStaffRows(database);
  const started = performance.now();
  const tally = await fuzzEndpoint(app, STAFF_COUNT, staffPost(fuzz, cookie, url, valid));
  report(name, started, tally, (await countStaffRows(database))[table] - before[table]);
}
await app.close();
await database.close();

// Slash command options, through the real bot and the fake Discord (and the fake Stripe, for
// card_price). Its own database: the bot's harness makes one.
console.log(`\n${COMMAND_COUNT} runs per slash command option`);
const stripe = await startFakeStripe();
const h = await startBotHarness(driver, { env: stripe.env });
await registerGuildCommands(
  { token: h.fake.botToken, guildId: h.fake.guild.id, apiUrl: h.fake.apiUrl },
  registry.commands.map((command) => command.data),
);
h.startWorker();
const customer = h.fake.addMember({ username: 'fuzz-customer' }).user.id;
const botTickets = createTicketsRepository(h.database.db);
const botTicket = await botTickets.requestTicket(fuzzTicketRequest(customer, 'discord'));
if (!botTicket.ok) throw new Error(botTicket.reason);
let channelId: string | null = null;
for (let wait = 0; !channelId && wait < 200; wait++) {
  await new Promise((resolve) => setTimeout(resolve, 50));
  channelId = (await botTickets.getTicket(botTicket.ticket.id))?.channelId ?? null;
}
if (!channelId) throw new Error('the worker opened no channel for the ticket');
const ticketChannel = channelId;
const commands = [
  (fuzz: Fuzzer) =>
    cardPriceCommand(fuzz, { channelId: h.ids.ticketChannel, userId: h.users.designer, customer }),
  (fuzz: Fuzzer) => ticketNoteCommand(fuzz, { channelId: ticketChannel, userId: h.users.lead }),
];
for (const [index, make] of commands.entries()) {
  const command = make(createFuzzer(`${SEED}:command-${index}`));
  const before = await countStaffRows(h.database);
  const started = performance.now();
  const tally = await fuzzCommand(h.fake, COMMAND_COUNT, command);
  const stored = (await countStaffRows(h.database))[command.table] - before[command.table];
  report(command.name, started, tally, stored);
}
await h.close();
await stripe.close();
removeTemplate();
process.exit(problems ? 1 : 0);
