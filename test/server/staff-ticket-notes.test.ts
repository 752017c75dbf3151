import { describe, expect, it } from 'vitest';
import { TICKET_NOTE_MAX } from '../../core/tickets/notes';
import { createTicketTranscriptsRepository } from '../../db/repositories/ticket-transcripts';
import { createTicketsRepository } from '../../db/repositories/tickets';
import { CUSTOMER_TEST_SECRET, signInAsCustomer } from '../support/customer';
import { DRIVERS } from '../support/database';
import { SITE_ORIGIN, signInAsStaff } from '../support/staff';
import { useTestApp } from '../support/use-test-app';

// Staff-only notes on the dashboard's ticket page: written and read by whoever may see the
// ticket (a designer only their own and unclaimed ones), refused in words when bad, and never
// in anything the customer reads. And the ticket setting executives turn on in Settings.

const ENV = {
  DISCORD_TOKEN: 'bm90LWEtdG9rZW4.fake.fake-token-part',
  DISCORD_GUILD_ID: '710000000000000001',
  DISCORD_CLIENT_ID: '710000000000000002',
  DISCORD_CLIENT_SECRET: CUSTOMER_TEST_SECRET,
  DISCORD_LEAD_ROLE_ID: '710000000000000003',
};

let nextId = 930_000_000_000_000_000n;
const newId = () => String(nextId++);

describe.each(DRIVERS)('staff notes on tickets on %s', (driver) => {
  const server = useTestApp(driver, { env: ENV });
  const tickets = () => createTicketsRepository(server.database.db);

  async function openTicket(customerDiscordId = newId(), serviceKey = 'service:banners') {
    const result = await tickets().requestTicket({
      customerDiscordId,
      source: 'site',
      intake: {
        service: serviceKey,
        request: 'A banner for our server',
        budgetRobux: 900,
        deadline: 'Friday',
        robloxUsername: 'Builder',
      },
      service: { key: serviceKey, label: 'Banners' },
      onePerService: false,
    });
    if (!result.ok) throw new Error(result.reason);
    await tickets().markTicketOpened(result.ticket.id, newId());
    return result.ticket;
  }
  const notesUrl = (number: number) => `/api/staff/tickets/${number}/notes`;
  const get = (cookie: string, url: string) =>
    server.app.inject({ method: 'GET', url, headers: { cookie } });
  const post = (cookie: string, url: string, payload: unknown) =>
    server.app.inject({
      method: 'POST',
      url,
      headers: { cookie, origin: SITE_ORIGIN },
      payload: payload as object,
    });
  const put = (cookie: string, url: string, payload: unknown) =>
    server.app.inject({
      method: 'PUT',
      url,
      headers: { cookie, origin: SITE_ORIGIN },
      payload: payload as object,
    });

  it('adds notes and lists them oldest first with their author; bad notes are refused in words', async () => {
    const lead = await signInAsStaff(server.database.db, ['lead'], 'lyra');
    const ticket = await openTicket();
    const first = await post(lead.cookie, notesUrl(ticket.id), { text: '  Paid half up front.  ' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      text: 'Paid half up front.',
      authorDiscordId: lead.member.discordId,
      authorName: 'lyra',
      via: 'dashboard',
    });
    await post(lead.cookie, notesUrl(ticket.id), { text: 'Line one\nline two' });

    const blank = await post(lead.cookie, notesUrl(ticket.id), { text: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fieldErrors).toEqual({ text: 'Note is required' });
    const long = await post(lead.cookie, notesUrl(ticket.id), {
      text: 'x'.repeat(TICKET_NOTE_MAX + 1),
    });
    expect(long.json().fieldErrors).toEqual({
      text: `Note must be at most ${TICKET_NOTE_MAX} characters`,
    });
    const control = await post(lead.cookie, notesUrl(ticket.id), { text: 'bad\u0000' });
    expect(control.statusCode).toBe(400);
    expect((await post(lead.cookie, notesUrl(ticket.id), {})).statusCode).toBe(400);
    const exactly = await post(lead.cookie, notesUrl(ticket.id), {
      text: 'é'.repeat(TICKET_NOTE_MAX),
    });
    expect(exactly.statusCode).toBe(201);

    const listed = (await get(lead.cookie, notesUrl(ticket.id))).json();
    expect(listed.notes.map((note: { text: string }) => note.text)).toEqual([
      'Paid half up front.',
      'Line one\nline two',
      'é'.repeat(TICKET_NOTE_MAX),
    ]);
    expect((await get(lead.cookie, notesUrl(999_999))).statusCode).toBe(404);
    expect((await post(lead.cookie, notesUrl(999_999), { text: 'x' })).statusCode).toBe(404);
  });

  it('follows the ticket scope: a designer only on their own and unclaimed tickets', async () => {
    const dora = await signInAsStaff(server.database.db, ['designer'], 'dora');
    const nova = await signInAsStaff(server.database.db, ['designer'], 'nova');
    const verifier = await signInAsStaff(server.database.db, ['payment_verifier']);
    const executive = await signInAsStaff(server.database.db, ['executive']);
    const ticket = await openTicket();
    // Unclaimed: any designer may add and read.
    expect((await post(nova.cookie, notesUrl(ticket.id), { text: 'Looks quick' })).statusCode).toBe(
      201,
    );
    const doraActor = { discordId: dora.member.discordId, roles: new Set(['designer'] as const) };
    expect((await tickets().claimTicket(ticket.id, doraActor)).ok).toBe(true);
    // Claimed by Dora: Nova no longer sees the ticket, nor its notes.
    expect((await get(nova.cookie, notesUrl(ticket.id))).statusCode).toBe(404);
    const refused = await post(nova.cookie, notesUrl(ticket.id), { text: 'Mine now?' });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe('No such ticket.');
    expect((await post(dora.cookie, notesUrl(ticket.id), { text: 'On it' })).statusCode).toBe(201);
    expect((await get(verifier.cookie, notesUrl(ticket.id))).statusCode).toBe(403);
    const all = (await get(executive.cookie, notesUrl(ticket.id))).json();
    expect(all.notes.map((note: { text: string }) => note.text)).toEqual(['Looks quick', 'On it']);
    // A designer who is the ticket's customer does not read its notes.
    const own = await openTicket(dora.member.discordId, 'service:emojis');
    expect((await get(dora.cookie, notesUrl(own.id))).statusCode).toBe(404);
  });

  it('never shows notes to the customer: not on Your orders, nor in the transcript', async () => {
    const customer = await signInAsCustomer(server.database.db);
    const lead = await signInAsStaff(server.database.db, ['lead']);
    const ticket = await openTicket(customer.discordId);
    const secret = 'Customer paid with a chargeback before: ask for Robux only';
    expect((await post(lead.cookie, notesUrl(ticket.id), { text: secret })).statusCode).toBe(201);
    const leadActor = { discordId: lead.member.discordId, roles: new Set(['lead'] as const) };
    expect((await tickets().forceCloseTicket(ticket.id, leadActor, 'Delivered')).ok).toBe(true);
    const transcripts = createTicketTranscriptsRepository(server.database.db);
    await transcripts.storeTranscriptMessages(ticket.id, [
      {
        discordMessageId: newId(),
        authorDiscordId: customer.discordId,
        authorName: 'customer',
        authorIsBot: false,
        sentAt: new Date(),
        content: 'Thanks!',
        embedsText: '',
        attachments: [],
      },
    ]);
    await transcripts.markTranscriptStored(ticket.id, 1);

    const list = await get(customer.cookie, '/api/customer/tickets');
    const detail = await get(customer.cookie, `/api/customer/tickets/${ticket.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().transcript.map((line: { content: string }) => line.content)).toEqual([
      'Thanks!',
    ]);
    for (const answer of [list.body, detail.body]) {
      expect(answer).not.toContain('chargeback');
      expect(answer).not.toMatch(/note/i);
    }
    // The customer's session opens no staff route.
    expect((await get(customer.cookie, notesUrl(ticket.id))).statusCode).toBe(401);
  });

  it('lets executives, and only them, let customers ask to close their tickets', async () => {
    const url = '/api/staff/content/site/tickets';
    const executive = await signInAsStaff(server.database.db, ['executive']);
    const lead = await signInAsStaff(server.database.db, ['lead']);
    expect((await get(executive.cookie, url)).json()).toEqual({
      value: { customersMayAskToClose: false },
      stored: false,
      version: null,
    });
    expect((await put(lead.cookie, url, { customersMayAskToClose: true })).statusCode).toBe(403);
    const bad = await put(executive.cookie, url, { customersMayAskToClose: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({
      customersMayAskToClose: 'Customers may ask to close: must be on or off',
    });
    const saved = await put(executive.cookie, url, { customersMayAskToClose: true });
    expect(saved.json()).toEqual({
      value: { customersMayAskToClose: true },
      stored: true,
      version: expect.any(String),
    });
  });
});
