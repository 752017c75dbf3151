import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerGuildCommands } from '../../bot/register-commands';
import { registry } from '../../bot/registry';
import { createTicketsRepository } from '../../db/repositories/tickets';
import { DRIVERS } from '../support/database';
import { type FakeStripe, startFakeStripe } from '../support/fake-stripe';
import { createFuzzer } from '../support/fuzz';
import { cardPriceCommand, fuzzCommand, ticketNoteCommand } from '../support/fuzz-commands';
import { countStaffRows, fuzzTicketRequest } from '../support/fuzz-staff';
import { type BotHarness, startBotHarness } from './harness';

// Hostile option values on the newest slash command inputs, through the real bot and the fake
// Discord: /createpayment's card_price and /ticket note's text. Every one answered in words
// (never the dispatcher's "Something went wrong"), and a row only for an answer that said so.
// Volume: `npm run bench -- fuzz`.
const PER_COMMAND = Number(process.env.FUZZ_COMMANDS ?? 30);
const SEED = process.env.FUZZ_SEED ?? 'lunar-fuzz-commands';
const LOADED = { timeout: 20_000 };

describe.each(DRIVERS)('fuzzing slash command options on %s', { timeout: 120_000 }, (driver) => {
  let h: BotHarness;
  let stripe: FakeStripe;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    h = await startBotHarness(driver, { env: stripe.env });
    await registerGuildCommands(
      { token: h.fake.botToken, guildId: h.fake.guild.id, apiUrl: h.fake.apiUrl },
      registry.commands.map((command) => command.data),
    );
    h.startWorker();
  }, 60_000);
  afterAll(async () => {
    await h?.close();
    await stripe?.close();
  });

  it('/createpayment card_price', async () => {
    const fuzz = createFuzzer(`${SEED}:card-price`);
    const customer = h.fake.addMember({ username: 'fuzz-customer' }).user.id;
    const before = await countStaffRows(h.database);
    const command = cardPriceCommand(fuzz, {
      channelId: h.ids.ticketChannel,
      userId: h.users.designer,
      customer,
    });
    const tally = await fuzzCommand(h.fake, PER_COMMAND, command);
    expect(tally.serverErrors).toEqual([]);
    expect(tally.success).toBeGreaterThan(0);
    const after = await countStaffRows(h.database);
    expect(after.orders - before.orders).toBe(tally.success);
  });

  it('/ticket note text', async () => {
    const tickets = createTicketsRepository(h.database.db);
    const customer = h.fake.addMember({ username: 'fuzz-buyer' }).user.id;
    const opened = await tickets.requestTicket(fuzzTicketRequest(customer, 'discord'));
    if (!opened.ok) throw new Error(opened.reason);
    await expect
      .poll(async () => (await tickets.getTicket(opened.ticket.id))?.channelId, LOADED)
      .toBeTruthy();
    const channelId = (await tickets.getTicket(opened.ticket.id))?.channelId ?? '';
    const fuzz = createFuzzer(`${SEED}:ticket-note`);
    const before = await countStaffRows(h.database);
    const command = ticketNoteCommand(fuzz, { channelId, userId: h.users.lead });
    const tally = await fuzzCommand(h.fake, PER_COMMAND, command);
    expect(tally.serverErrors).toEqual([]);
    expect(tally.success).toBeGreaterThan(0);
    const after = await countStaffRows(h.database);
    expect(after.notes - before.notes).toBe(tally.success);
  });
});
