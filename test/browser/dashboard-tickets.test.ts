import { beforeAll, describe, expect, it } from 'vitest';
import { createStaffUsersRepository } from '../../db/repositories/staff-users';
import { createTicketTranscriptsRepository } from '../../db/repositories/ticket-transcripts';
import { createTicketsRepository } from '../../db/repositories/tickets';
import { expectNoAxeViolations, PHONE, useBrowserSite, waitForData, waitForPage } from './support';
import { pickFacet, readColumn } from './tables';

// The dashboard's Tickets page as a lead uses it: tickets opened from Discord and the site,
// filtered; one opened with its transcript (hostile text shown as text) beside its timeline;
// force-closed from there with the same operation as the Discord button.

const LEAD = { discordId: '210000000000000001', username: 'Lyra' };
const DORA = { discordId: '210000000000000002', username: 'Dora' };
const POLL = { timeout: 30_000, interval: 200 };

describe('the dashboard’s tickets in Chromium', () => {
  const site = useBrowserSite();
  const numbers: Record<string, number> = {};

  beforeAll(async () => {
    await createStaffUsersRepository(site.db).upsertByDiscordId({ ...LEAD, roles: ['lead'] });
    await createStaffUsersRepository(site.db).upsertByDiscordId({ ...DORA, roles: ['designer'] });
    const repo = createTicketsRepository(site.db);
    const open = async (key: string, label: string, customer: string, request: string) => {
      const result = await repo.requestTicket({
        customerDiscordId: customer,
        source: 'site',
        intake: {
          service: key,
          request,
          budgetRobux: 800,
          deadline: 'Soon',
          robloxUsername: 'Builder',
        },
        service: { key, label },
        onePerService: true,
      });
      if (!result.ok) throw new Error(result.reason);
      await repo.markTicketOpened(
        result.ticket.id,
        `7100000000000000${String(result.ticket.id).padStart(2, '0')}`,
      );
      return result.ticket.id;
    };
    numbers.banners = await open(
      'service:banners',
      'Banners',
      '310000000000000001',
      'A banner please',
    );
    numbers.emojis = await open('service:emojis', 'Emojis', '310000000000000002', 'Ten emojis');
    numbers.closed = await open('service:liveries', 'Liveries', '310000000000000003', 'A livery');
    const lead = { discordId: LEAD.discordId, roles: new Set(['lead'] as const) };
    await repo.forceCloseTicket(numbers.closed, lead, 'Delivered');
    const transcripts = createTicketTranscriptsRepository(site.db);
    await transcripts.storeTranscriptMessages(numbers.closed, [
      {
        discordMessageId: '720000000000000001',
        authorDiscordId: '310000000000000003',
        authorName: 'customer3',
        authorIsBot: false,
        sentAt: new Date(),
        content: '<img src=x onerror="window.__pwned=1"> thanks!',
        embedsText: '',
        attachments: [],
      },
      {
        discordMessageId: '720000000000000002',
        authorDiscordId: LEAD.discordId,
        authorName: 'Lyra',
        authorIsBot: false,
        sentAt: new Date(),
        content: 'Paid by sammetrorp\\_RBX, thanks <@310000000000000003>, **done**',
        embedsText: '',
        attachments: [],
      },
    ]);
    await transcripts.markTranscriptStored(numbers.closed, 1);
  });

  it('filters the list, shows a transcript safely beside the timeline, and force-closes', async () => {
    const page = await site.browser.newPage();
    await site.signInAsStaff(page, ['lead'], LEAD);
    await page.goto(`${site.url}/dashboard/tickets`);
    await waitForPage(page);
    const table = page.getByRole('table', { name: 'Tickets' });
    const name = (n: number | undefined) => `ticket-${String(n).padStart(4, '0')}`;
    await expect
      .poll(() => readColumn(table, 'Ticket'), POLL)
      .toEqual([name(numbers.closed), name(numbers.emojis), name(numbers.banners)]);
    // For the record of how the list looks (ignored by git), not asserted.
    await page.screenshot({ path: 'test-results/dashboard/tickets-1280.png', fullPage: true });
    // Services by name with the server's counts; sorted by service (first click: Z to A).
    await page.getByRole('button', { name: /^Filter by Service/ }).click();
    await page
      .getByRole('dialog', { name: 'Service filter' })
      .getByRole('option', { name: /^Emojis\s*1$/ })
      .waitFor();
    await page.keyboard.press('Escape');
    await table.getByRole('button', { name: 'Service' }).click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'service');
    await expect
      .poll(() => readColumn(table, 'Ticket'), POLL)
      .toEqual([name(numbers.closed), name(numbers.emojis), name(numbers.banners)]);
    await table.getByRole('button', { name: 'Service' }).click();
    await expect
      .poll(() => readColumn(table, 'Ticket'), POLL)
      .toEqual([name(numbers.banners), name(numbers.emojis), name(numbers.closed)]);
    await pickFacet(page, 'Status', 'Closed');
    await page.waitForURL((url) => url.searchParams.get('status') === 'closed');
    await expect.poll(() => readColumn(table, 'Ticket'), POLL).toEqual([name(numbers.closed)]);
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: name(numbers.closed) }).click();
    await page.getByRole('heading', { name: 'Transcript' }).waitFor();
    await page.getByText('<img src=x onerror="window.__pwned=1"> thanks!').waitFor();
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    // Markdown as Discord shows it (escapes dropped, bold), mentions by name.
    await page.getByText('Paid by sammetrorp_RBX, thanks @customer3, done').waitFor();
    await page.locator('strong', { hasText: 'done' }).waitFor();
    await page.getByRole('heading', { name: 'Timeline' }).waitFor();
    // The timeline in words, with who did it.
    await page.getByText('Ticket force-closed: Delivered by Lyra').waitFor();
    await waitForData(page);
    await expectNoAxeViolations(page);

    await page.goto(`${site.url}/dashboard/tickets/${numbers.banners}`);
    await waitForPage(page);
    // Reassign picks a designer by name.
    await page.getByRole('button', { name: 'Reassign' }).click();
    const picker = page.getByRole('dialog').getByRole('combobox', { name: 'Designer' });
    await expect.poll(() => picker.locator('option').allTextContents(), POLL).toContain('Dora');
    await picker.selectOption({ label: 'Dora' });
    await page.getByRole('dialog').getByRole('button', { name: 'Reassign' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect
      .poll(
        async () =>
          (await createTicketsRepository(site.db).getTicket(numbers.banners ?? 0))
            ?.claimantDiscordId,
        POLL,
      )
      .toBe(DORA.discordId);
    await page.getByRole('button', { name: 'Force close' }).click();
    const dialog = page.getByRole('dialog');
    // No reason: the server's words beside the field, the dialog stays open.
    await dialog.getByRole('button', { name: 'Force close' }).click();
    const reason = dialog.getByRole('textbox', { name: 'Reason' });
    await expect.poll(() => reason.getAttribute('aria-invalid'), POLL).toBe('true');
    await reason.fill('Customer asked us to stop');
    await dialog.getByRole('button', { name: 'Force close' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Ticket force-closed: Customer asked us to stop by Lyra').waitFor();
    const stored = await createTicketsRepository(site.db).getTicket(numbers.banners ?? 0);
    expect(stored?.status).toBe('closed');
    await page.close();
  });

  it('works on a phone', async () => {
    const page = await site.browser.newPage(PHONE);
    await site.signInAsStaff(page, ['lead'], LEAD);
    await page.goto(`${site.url}/dashboard/tickets`);
    await waitForPage(page);
    // Rows as cards on a phone.
    await page
      .getByRole('region', { name: 'Tickets list' })
      .getByRole('listitem')
      .first()
      .waitFor();
    await page.screenshot({ path: 'test-results/dashboard/tickets-360.png', fullPage: true });
    await page.goto(`${site.url}/dashboard/tickets/${numbers.emojis}`);
    await waitForPage(page);
    await page
      .getByRole('heading', { name: `ticket-${String(numbers.emojis).padStart(4, '0')}` })
      .waitFor();
    await waitForData(page); // the whole page, transcript and timeline too
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.close();
  });
});
