import { describe, expect, it } from 'vitest';
import { createTicketTranscriptsRepository } from '../../db/repositories/ticket-transcripts';
import { createTicketsRepository } from '../../db/repositories/tickets';
import { DRIVERS } from '../support/database';
import { SITE_ORIGIN, signInAsStaff } from '../support/staff';
import { useTestApp } from '../support/use-test-app';

let nextId = 900_000_000_000_000_000n;
const newId = () => String(nextId++);

describe.each(DRIVERS)('dashboard tickets on %s', (driver) => {
  const server = useTestApp(driver);

  async function openTicket(
    serviceKey = 'service:banners',
    label = 'Banners',
    request = 'A banner for our server',
  ) {
    const repo = createTicketsRepository(server.database.db);
    const result = await repo.requestTicket({
      customerDiscordId: newId(),
      source: 'site',
      intake: {
        service: serviceKey,
        request,
        budgetRobux: 900,
        deadline: 'Friday',
        robloxUsername: 'Builder',
      },
      service: { key: serviceKey, label },
      onePerService: true,
    });
    if (!result.ok) throw new Error(result.reason);
    await repo.markTicketOpened(result.ticket.id, newId());
    return result.ticket;
  }
  const get = (cookie: string, url: string) =>
    server.app.inject({ method: 'GET', url, headers: { cookie } });
  const post = (cookie: string, url: string, payload: object) =>
    server.app.inject({ method: 'POST', url, headers: { cookie, origin: SITE_ORIGIN }, payload });

  it('lists tickets newest first with status, service, claimant and search filters', async () => {
    const designer = await signInAsStaff(server.database.db, ['designer'], 'nova');
    const first = await openTicket('service:banners', 'Banners', 'Police department livery banner');
    const second = await openTicket('service:emojis', 'Emojis', 'Twenty emojis of our logo');
    const repo = createTicketsRepository(server.database.db);
    const actor = { discordId: designer.member.discordId, roles: new Set(['designer'] as const) };
    expect((await repo.claimTicket(second.id, actor)).ok).toBe(true);

    const all = (await get(designer.cookie, '/api/staff/tickets')).json();
    const numbers = all.rows.map((item: { number: number }) => item.number);
    expect(numbers.indexOf(second.id)).toBeLessThan(numbers.indexOf(first.id));
    // The Roblox name comes with each row: the customer's name while Discord's is not known.
    expect(
      all.rows.every((item: { robloxUsername: string }) => item.robloxUsername === 'Builder'),
    ).toBe(true);
    const claimed = (await get(designer.cookie, '/api/staff/tickets?status=claimed')).json();
    expect(claimed.rows).toEqual([
      expect.objectContaining({
        number: second.id,
        name: second.orderId,
        claimantDiscordId: designer.member.discordId,
        serviceLabel: 'Emojis',
      }),
    ]);
    const lead = await signInAsStaff(server.database.db, ['lead']);
    const claimants = (await get(lead.cookie, '/api/staff/tickets/claimants')).json();
    expect(claimants.claimants).toContainEqual({
      discordId: designer.member.discordId,
      name: 'nova',
    });
    const byClaimant = (
      await get(designer.cookie, `/api/staff/tickets?claimant=${designer.member.discordId}`)
    ).json();
    expect(byClaimant.rows.map((item: { number: number }) => item.number)).toEqual([second.id]);
    const byService = (
      await get(designer.cookie, '/api/staff/tickets?service=service:banners')
    ).json();
    expect(byService.rows.map((item: { number: number }) => item.number)).toContain(first.id);
    expect(
      byService.rows.every((item: { serviceKey: string }) => item.serviceKey === 'service:banners'),
    ).toBe(true);
    const search = (await get(designer.cookie, '/api/staff/tickets?q=livery')).json();
    expect(search.rows.map((item: { number: number }) => item.number)).toEqual([first.id]);
    const byName = (await get(designer.cookie, `/api/staff/tickets?q=${second.orderId}`)).json();
    expect(byName.rows.map((item: { number: number }) => item.number)).toEqual([second.id]);
    // Both claimed and unclaimed: the designer's own and the ones they may claim.
    const either = (
      await get(designer.cookie, `/api/staff/tickets?claimant=${designer.member.discordId},none`)
    ).json();
    expect(either.rows.map((item: { number: number }) => item.number)).toEqual([
      second.id,
      first.id,
    ]);
    // Each claimant by name, as the table's popover shows them (the client knows no ids).
    expect(either.facets.claimant).toEqual(
      expect.arrayContaining([
        { value: 'none', count: 1, label: 'Unclaimed' },
        { value: designer.member.discordId, count: 1, label: 'nova' },
      ]),
    );
    expect(
      either.facets.service.every((count: { label?: string }) => typeof count.label === 'string'),
    ).toBe(true);
    expect(either.facets.claimant).toHaveLength(2);
    const oldest = (await get(designer.cookie, '/api/staff/tickets?sort=number&order=asc')).json();
    expect(oldest.rows.map((item: { number: number }) => item.number)).toEqual([
      first.id,
      second.id,
    ]);
    expect((await get(designer.cookie, '/api/staff/tickets?status=nope')).statusCode).toBe(400);
    expect((await get(designer.cookie, '/api/staff/tickets?size=1')).statusCode).toBe(400);
  });

  it('shows a ticket with its timeline and its transcript as stored', async () => {
    const lead = await signInAsStaff(server.database.db, ['lead']);
    const ticket = await openTicket('service:uniforms', 'Uniforms');
    const closed = await post(lead.cookie, `/api/staff/tickets/${ticket.id}/force-close`, {
      reason: 'Customer went quiet',
    });
    expect([closed.statusCode, closed.json().status]).toEqual([200, 'closed']);
    const transcripts = createTicketTranscriptsRepository(server.database.db);
    await transcripts.storeTranscriptMessages(ticket.id, [
      {
        discordMessageId: newId(),
        authorDiscordId: ticket.customerDiscordId,
        authorName: 'customer',
        authorIsBot: false,
        sentAt: new Date(),
        content: '<img src=x onerror=alert(1)>',
        embedsText: '',
        attachments: [],
      },
    ]);
    await transcripts.markTranscriptStored(ticket.id, 1);
    const detail = (await get(lead.cookie, `/api/staff/tickets/${ticket.id}`)).json();
    expect(detail).toMatchObject({
      number: ticket.id,
      status: 'closed',
      closeReason: 'Customer went quiet',
    });
    expect(detail.timeline.map((entry: { type: string }) => entry.type)).toEqual(
      expect.arrayContaining(['requested', 'opened', 'closed']),
    );
    expect(detail.transcript[0].content).toBe('<img src=x onerror=alert(1)>');
    expect((await get(lead.cookie, '/api/staff/tickets/999999')).statusCode).toBe(404);
  });

  it('reassigns for leads only and answers refusals with 409 in words', async () => {
    const designer = await signInAsStaff(server.database.db, ['designer']);
    const other = await signInAsStaff(server.database.db, ['designer']);
    const lead = await signInAsStaff(server.database.db, ['lead']);
    const ticket = await openTicket('service:liveries', 'Liveries');
    const url = `/api/staff/tickets/${ticket.id}/reassign`;
    expect((await post(designer.cookie, url, { to: other.member.discordId })).statusCode).toBe(403);
    const moved = await post(lead.cookie, url, { to: other.member.discordId });
    expect([moved.statusCode, moved.json().status]).toEqual([200, 'claimed']);
    const again = await post(lead.cookie, url, { to: other.member.discordId });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already claimed by that person/);
    expect(again.json().message).not.toMatch(/<@/);
    const notStaff = await post(lead.cookie, url, { to: newId() });
    expect([notStaff.statusCode, notStaff.json().message]).toEqual([
      409,
      'Only a designer, lead designer or executive can be given a ticket.',
    ]);
    // Another designer's ticket is not this designer's to see, nor to close (as if missing);
    // a bad reason is a 400.
    const refused = await post(designer.cookie, `/api/staff/tickets/${ticket.id}/force-close`, {
      reason: 'No',
    });
    expect(refused.statusCode).toBe(404);
    expect(
      (await post(lead.cookie, `/api/staff/tickets/${ticket.id}/force-close`, { reason: '' }))
        .statusCode,
    ).toBe(400);
  });

  it('gives the Overview its ticket figures', async () => {
    const designer = await signInAsStaff(server.database.db, ['designer']);
    const ticket = await openTicket('service:discord-setup', 'Discord Server Setup');
    const repo = createTicketsRepository(server.database.db);
    const actor = { discordId: designer.member.discordId, roles: new Set(['designer'] as const) };
    await repo.claimTicket(ticket.id, actor);
    // Staff's first reply 30 minutes after the ticket opened (the customer's own and the
    // bot's messages do not count).
    const later = (minutes: number) => new Date(ticket.createdAt.getTime() + minutes * 60_000);
    const line = (authorDiscordId: string, minutes: number, authorIsBot = false) => ({
      discordMessageId: newId(),
      authorDiscordId,
      authorName: 'someone',
      authorIsBot,
      sentAt: later(minutes),
      content: 'hello',
      embedsText: '',
      attachments: [],
    });
    await createTicketTranscriptsRepository(server.database.db).storeTranscriptMessages(ticket.id, [
      line(newId(), 1, true),
      line(ticket.customerDiscordId, 5),
      line(designer.member.discordId, 30),
      line(designer.member.discordId, 50),
    ]);
    const figures = (await get(designer.cookie, '/api/staff/tickets/figures')).json();
    expect(figures.medianFirstReplyMinutes).toBe(30);
    expect(figures.weeks).toHaveLength(12);
    expect(figures.weeks.at(-1).opened).toBeGreaterThan(0);
    expect(figures.openByDesigner).toContainEqual({
      discordId: designer.member.discordId,
      name: designer.member.username,
      open: 1,
    });
  });
});
