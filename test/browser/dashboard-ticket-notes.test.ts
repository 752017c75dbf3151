import { beforeAll, describe, expect, it } from 'vitest';
import { createSiteContentRepository } from '../../db/repositories/site-content';
import { createStaffUsersRepository } from '../../db/repositories/staff-users';
import { createTicketNotesRepository } from '../../db/repositories/ticket-notes';
import { createTicketsRepository } from '../../db/repositories/tickets';
import { expectNoAxeViolations, PHONE, useBrowserSite, waitForData, waitForPage } from './support';

// The staff-only notes on a ticket's dashboard page, as a designer uses them on a desktop and
// on a phone: the notes written in Discord and here, a refused note kept in the box with the
// reason beside it, hostile text shown as text. And the ticket setting executives turn on.

const DORA = { discordId: '220000000000000002', username: 'Dora' };
const LYRA = { discordId: '220000000000000001', username: 'Lyra' };
const EXEC = { discordId: '220000000000000003', username: 'Vega' };
const POLL = { timeout: 30_000, interval: 200 };

describe('staff notes on the dashboard’s ticket page in Chromium', () => {
  const site = useBrowserSite();
  let number = 0;

  beforeAll(async () => {
    const staff = createStaffUsersRepository(site.db);
    await staff.upsertByDiscordId({ ...DORA, roles: ['designer'] });
    await staff.upsertByDiscordId({ ...LYRA, roles: ['lead'] });
    await staff.upsertByDiscordId({ ...EXEC, roles: ['executive'] });
    const repo = createTicketsRepository(site.db);
    const result = await repo.requestTicket({
      customerDiscordId: '320000000000000001',
      source: 'discord',
      intake: {
        service: 'service:banners',
        request: 'A banner please',
        budgetRobux: 800,
        deadline: 'Soon',
        robloxUsername: 'Builder',
      },
      service: { key: 'service:banners', label: 'Banners' },
      onePerService: true,
    });
    if (!result.ok) throw new Error(result.reason);
    number = result.ticket.id;
    await repo.markTicketOpened(number, '7200000000000000001');
    await createTicketNotesRepository(site.db).addNote(
      number,
      LYRA.discordId,
      'Regular customer: <b>be quick</b>',
      'discord',
    );
  });

  it('lists the notes and adds one; a blank note is refused and nothing typed is lost', async () => {
    const page = await site.browser.newPage();
    await site.signInAsStaff(page, ['designer'], DORA);
    await page.goto(`${site.url}/dashboard/tickets/${number}`);
    await waitForPage(page);
    const panel = page.getByRole('region', { name: 'Staff notes' });
    await panel.getByText('Regular customer: <b>be quick</b>').waitFor();
    await panel.getByText('Lyra').waitFor();
    await panel.getByText('from Discord').waitFor();
    await waitForData(page);
    await expectNoAxeViolations(page);

    const box = panel.getByRole('textbox', { name: 'New note' });
    await box.fill('   ');
    await panel.getByRole('button', { name: 'Add note' }).click();
    await expect.poll(() => box.getAttribute('aria-invalid'), POLL).toBe('true');
    await panel.getByText('Note is required').waitFor();
    await expectNoAxeViolations(page);

    await box.fill('Asked for gold trim <script>window.__pwned=1</script>');
    await panel.getByRole('button', { name: 'Add note' }).click();
    await panel.getByText('Asked for gold trim <script>window.__pwned=1</script>').waitFor();
    await expect.poll(() => box.inputValue(), POLL).toBe('');
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    const stored = await createTicketNotesRepository(site.db).listNotes(number);
    expect(stored.map((note) => [note.text, note.authorDiscordId, note.via])).toEqual([
      ['Regular customer: <b>be quick</b>', LYRA.discordId, 'discord'],
      ['Asked for gold trim <script>window.__pwned=1</script>', DORA.discordId, 'dashboard'],
    ]);
    await page.screenshot({ path: 'test-results/dashboard/ticket-notes-1280.png', fullPage: true });

    // The connection drops as a note is sent: the failure is said, and the text stays.
    await page.route('**/api/staff/tickets/*/notes', (route) =>
      route.request().method() === 'POST' ? route.abort('connectionreset') : route.fallback(),
    );
    await box.fill('A note sent while offline');
    await panel.getByRole('button', { name: 'Add note' }).click();
    await panel.getByRole('alert').waitFor();
    expect(await box.inputValue()).toBe('A note sent while offline');
    expect(await createTicketNotesRepository(site.db).listNotes(number)).toHaveLength(2);
    await page.unroute('**/api/staff/tickets/*/notes');
    await panel.getByRole('button', { name: 'Add note' }).click();
    await panel.getByText('A note sent while offline').waitFor();
    expect(await createTicketNotesRepository(site.db).listNotes(number)).toHaveLength(3);
    await page.close();
  });

  it('works on a phone', async () => {
    const page = await site.browser.newPage(PHONE);
    await site.signInAsStaff(page, ['lead'], LYRA);
    await page.goto(`${site.url}/dashboard/tickets/${number}`);
    await waitForPage(page);
    const panel = page.getByRole('region', { name: 'Staff notes' });
    await panel.getByText('Regular customer: <b>be quick</b>').waitFor();
    await panel.getByRole('textbox', { name: 'New note' }).fill('Checked on the phone');
    await panel.getByRole('button', { name: 'Add note' }).tap();
    await panel.getByText('Checked on the phone').waitFor();
    await waitForData(page);
    await expectNoAxeViolations(page);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: 'test-results/dashboard/ticket-notes-360.png', fullPage: true });
    await page.close();
  });

  it('lets an executive let customers ask to close their tickets', async () => {
    const page = await site.browser.newPage();
    await site.signInAsStaff(page, ['executive'], EXEC);
    await page.goto(`${site.url}/dashboard/content/settings`);
    await waitForPage(page);
    const toggle = page.getByRole('switch', {
      name: 'Customers may ask to close their own ticket',
    });
    await expect.poll(() => toggle.getAttribute('aria-checked'), POLL).toBe('false');
    await toggle.click();
    await page.getByRole('button', { name: 'Save ticket settings' }).click();
    await page.getByText('Saved: the bot follows it from the next press.').waitFor();
    const { value } = await createSiteContentRepository(site.db).read('tickets');
    expect(value).toEqual({ customersMayAskToClose: true });
    await waitForData(page);
    await expectNoAxeViolations(page);
    await page.close();
  });
});
