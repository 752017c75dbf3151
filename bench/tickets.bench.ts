import { registerGuildCommands } from '../bot/register-commands';
import { registry } from '../bot/registry';
import { createTicketTranscriptsRepository } from '../db/repositories/ticket-transcripts';
import { createTicketsRepository } from '../db/repositories/tickets';
import { startBotHarness } from '../test/bot/harness';
import type { InteractionRecord } from '../test/support/fake-discord/state';
import makePgliteTemplate from '../test/support/pglite-template';

// Tickets against the fake Discord with the real client, dispatcher, worker and database:
// CUSTOMERS customers open a ticket at once (service select → intake form), counting channels,
// duplicates, every acknowledgement's delay (Discord allows 3 s) and click → channel open;
// then a ticket of MESSAGES messages is closed: transcript stored and posted, peak memory.
// The fake limits channel creation per guild (BENCH_TICKET_CREATE_LIMIT per 10 s; Discord does
// not publish its figure), so openings queue. Prints figures, asserts none. Postgres when
// BENCH_DATABASE_URL or TEST_DATABASE_URL is set, else PGlite.
const CUSTOMERS = Number(process.env.BENCH_TICKET_CUSTOMERS ?? 100);
const MESSAGES = Number(process.env.BENCH_TICKET_MESSAGES ?? 2000);
const CREATE_LIMIT = Number(process.env.BENCH_TICKET_CREATE_LIMIT ?? 10);

if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
const driver = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
// Outside vitest, the embedded database's template is made here (vitest's global setup does it
// for tests).
const removeTemplate = driver === 'pglite' ? await makePgliteTemplate() : () => {};
const h = await startBotHarness(driver, {
  fakeOptions: { channelCreateRate: { limit: CREATE_LIMIT, windowMs: 10_000 } },
});
await registerGuildCommands(
  { token: h.fake.botToken, guildId: h.fake.guild.id, apiUrl: h.fake.apiUrl },
  registry.commands.map((command) => command.data),
);
const worker = h.startWorker({ pollMs: 200 });
const panelRecord = await h.fake.runCommand({
  name: 'ticketpanel',
  options: {},
  channelId: h.ids.contactChannel,
  userId: h.users.executive,
});
while (
  !h.fake.messagesIn(h.ids.contactChannel).some((m) => m.embeds[0]?.title === 'Order a design')
) {
  await new Promise((resolve) => setTimeout(resolve, 20));
}
void panelRecord;
const panel = h.fake
  .messagesIn(h.ids.contactChannel)
  .find((m) => m.embeds[0]?.title === 'Order a design');
const tickets = createTicketsRepository(h.database.db);
const acks: number[] = [];
const opened: number[] = [];
const firstCallback = (record: InteractionRecord) => {
  const first = record.callbacks[0];
  if (!first) throw new Error(`interaction ${record.id} got no answer`);
  return first.at - record.sentAt;
};
const customers = Array.from(
  { length: CUSTOMERS },
  (_, i) => h.fake.addMember({ username: `bench-customer-${i}` }).user.id,
);

async function openOne(userId: string): Promise<void> {
  const clicked = Date.now();
  const select = await h.fake.clickButton({
    messageId: panel?.id ?? '',
    customId: 'ticket:service',
    channelId: h.ids.contactChannel,
    userId,
    componentType: 3,
    values: ['service:banners'],
  });
  acks.push(firstCallback(select));
  const submitted = await h.fake.submitModal({
    modal: select,
    fields: {
      request: 'A banner for the bench',
      budget: '1,500',
      deadline: 'Friday',
      roblox_username: 'Builder_1',
    },
  });
  acks.push(firstCallback(submitted));
  // Click → the ticket's channel recorded (the link the customer is given).
  for (;;) {
    const [ticket] = await tickets.listTicketsForCustomer(userId, 1);
    if (ticket?.channelId) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  opened.push(Date.now() - clicked);
}

const started = Date.now();
await Promise.all(customers.map(openOne));
const openAll = Date.now() - started;
const names = h.fake.guild.channels
  .filter((c) => c.name.startsWith('ticket-') && c.id !== h.ids.ticketChannel)
  .map((c) => c.name);
const duplicates = names.length - new Set(names).size;
const linked = customers.length; // every customer's ticket recorded its channel (loop above)
const sorted = (list: number[]) => [...list].sort((a, b) => a - b);
const q = (list: number[], p: number) =>
  sorted(list)[Math.min(list.length - 1, Math.floor(p * list.length))] ?? 0;

// Closing a ticket of MESSAGES messages.
const [first] = await tickets.listTicketsForCustomer(customers[0] ?? '', 1);
if (!first?.channelId) throw new Error('no ticket to close');
for (let i = 0; i < MESSAGES; i += 1) {
  h.fake.postAsMember({
    channelId: first.channelId,
    userId: i % 2 ? h.users.designer : (customers[0] ?? ''),
    content: `Message ${i}: ${'words '.repeat(20)}`,
  });
}
let peakRss = process.memoryUsage().rss;
let peakHeap = process.memoryUsage().heapUsed;
const baseRss = peakRss;
const baseHeap = peakHeap;
const sampler = setInterval(() => {
  const usage = process.memoryUsage();
  peakRss = Math.max(peakRss, usage.rss);
  peakHeap = Math.max(peakHeap, usage.heapUsed);
}, 20);
const closeStarted = Date.now();
const lead = { discordId: h.users.lead, roles: new Set(['lead'] as const) };
await tickets.forceCloseTicket(first.id, lead, 'Bench');
worker.wake();
for (;;) {
  if ((await tickets.getTicket(first.id))?.transcriptStoredAt) break;
  await new Promise((resolve) => setTimeout(resolve, 50));
}
const closeMs = Date.now() - closeStarted;
clearInterval(sampler);
const stored = (await createTicketTranscriptsRepository(h.database.db).listTranscript(first.id))
  .length;
const posted = h.fake
  .messagesIn(h.ids.transcriptsChannel)
  .find((m) => m.attachments[0]?.filename === `${first.orderId}.html`);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

console.log(`driver: ${driver}; fake channel creation limit ${CREATE_LIMIT} per 10 s per guild`);
console.log(
  `${CUSTOMERS} customers at once: ${names.length} channels, ${duplicates} duplicates, ${linked} linked, all in ${(openAll / 1000).toFixed(1)} s`,
);
console.log(
  `acknowledgements (${acks.length}): p50 ${q(acks, 0.5)} ms, p99 ${q(acks, 0.99)} ms, max ${Math.max(...acks)} ms, over 3 s: ${acks.filter((ms) => ms > 3000).length}, timed out: ${h.fake.timedOut.length}`,
);
console.log(
  `click → channel open: p50 ${(q(opened, 0.5) / 1000).toFixed(1)} s, p99 ${(q(opened, 0.99) / 1000).toFixed(1)} s`,
);
console.log(
  `close of ${MESSAGES} messages: transcript stored (${stored} rows incl. the notice) and posted (${posted ? `${mb(posted.attachments[0]?.size ?? 0)} HTML` : 'NOT posted'}) in ${(closeMs / 1000).toFixed(1)} s; peak RSS +${mb(peakRss - baseRss)} (${mb(peakRss)}), peak heap +${mb(peakHeap - baseHeap)} (process includes the fake Discord)`,
);
await h.close();
removeTemplate();
process.exit(0);
