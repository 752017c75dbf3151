import { eq, sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loadTicketServices } from '../../bot/tickets/ticket-interaction';
import { findTicketService, type TicketService } from '../../core/tickets';
import { createCustomerAccountsRepository } from '../../db/repositories/customer-accounts';
import { createTicketsRepository } from '../../db/repositories/tickets';
import { tickets as ticketsTable } from '../../db/schema';
import { CUSTOMER_TEST_SECRET } from '../support/customer';
import { generateSnowflake } from '../support/fake-discord';
import { expectNoAxeViolations, PHONE, useBrowserSite, waitForPage } from './support';

// Issue 33: what a customer's ticket page says while the ticket waits, in words: opening,
// waiting for a free channel (their place in the queue), slower than usual (a worker restarting),
// could not be opened, open. The web role alone: the test moves the ticket as the worker would;
// the page asks again every 1.5 s while the ticket opens. Staff see the queue on Tickets.

const GUILD_ID = '710000000000000001';
const ENV = {
  DISCORD_TOKEN: 'bm90LWEtdG9rZW4.fake.fake-token-part',
  DISCORD_GUILD_ID: GUILD_ID,
  DISCORD_CLIENT_ID: '710000000000000002',
  DISCORD_CLIENT_SECRET: CUSTOMER_TEST_SECRET,
  DISCORD_LEAD_ROLE_ID: '710000000000000003',
};
const SEEN = { timeout: 15_000 };

describe('a customer’s ticket page while it opens, waits, fails or opens', () => {
  const site = useBrowserSite(ENV);
  let customers = 0;

  /** A signed-in site customer with a ticket for `service` (just asked for: opening). */
  async function customerWithTicket(service = 'service:banners', discordId = generateSnowflake()) {
    const accounts = createCustomerAccountsRepository(site.db, { secret: CUSTOMER_TEST_SECRET });
    customers += 1;
    await accounts.signedIn(
      { discordId, username: `waiting.customer.${customers}` },
      {
        accessToken: 'token',
        refreshToken: null,
        expiresIn: 3600,
        scopes: ['identify', 'guilds.join'],
      },
    );
    const services = await loadTicketServices(site.db);
    const requested = await createTicketsRepository(site.db).requestTicket({
      customerDiscordId: discordId,
      source: 'site',
      intake: {
        service,
        request: 'A banner for our fire department',
        budgetRobux: 900,
        deadline: 'Friday',
        robloxUsername: 'Builder_4',
      },
      service: findTicketService(services, service) as TicketService,
      onePerService: true,
    });
    if (!requested.ok) throw new Error(requested.reason);
    const { token } = await accounts.createSession(discordId);
    return { discordId, token, ticket: requested.ticket };
  }

  async function openTicketPage(page: Page, token: string, number: number) {
    await page.context().addCookies([{ name: 'lunar_customer', value: token, url: site.url }]);
    await page.goto(`${site.url}/orders/${number}`);
    await waitForPage(page);
  }

  type PageOptions = Parameters<typeof site.browser.newPage>[0];

  /** While tickets wait for a channel, the dashboard's Tickets page says so. */
  async function expectStaffWarned(options: PageOptions) {
    const staff = await site.browser.newPage(options);
    await site.signInAsStaff(staff, ['designer']);
    await staff.goto(`${site.url}/dashboard/tickets`);
    await waitForPage(staff);
    await staff
      .getByRole('alert')
      .filter({ hasText: 'The ticket categories are full: 2 customers wait for a channel.' })
      .waitFor(SEEN);
    await expectNoAxeViolations(staff);
    await staff.close();
  }

  async function walkThroughStates(options: PageOptions, staffToo = false) {
    const tickets = createTicketsRepository(site.db);
    const ahead = await customerWithTicket();
    const mine = await customerWithTicket();
    const page = await site.browser.newPage(options);
    await openTicketPage(page, mine.token, mine.ticket.id);

    await page.getByText('Opening your ticket in our Discord server…').waitFor(SEEN);
    await expectNoAxeViolations(page);

    // Every category full: both queue, in ticket order.
    await tickets.queueTicket(ahead.ticket.id);
    await tickets.queueTicket(mine.ticket.id);
    await page.getByRole('heading', { name: 'You are number 2 in the queue' }).waitFor(SEEN);
    await page.getByText(/^The studio is at capacity right now/).waitFor(SEEN);
    await page.getByText('Waiting for a free channel (number 2 in the queue)').waitFor(SEEN);
    await expectNoAxeViolations(page);
    if (staffToo) await expectStaffWarned(options);
    await tickets.markTicketOpened(ahead.ticket.id, generateSnowflake());
    await page.getByRole('heading', { name: 'You are next in the queue' }).waitFor(SEEN);

    // Out of the queue but slower than usual (a worker restarting): still coming.
    await site.db
      .update(ticketsTable)
      .set({ queuedAt: null, updatedAt: sql`now() - interval '1 minute'` })
      .where(eq(ticketsTable.id, mine.ticket.id));
    await page.getByText(/taking longer than usual to open .* It is still coming/).waitFor(SEEN);
    await expectNoAxeViolations(page);

    const channelId = generateSnowflake();
    await tickets.markTicketOpened(mine.ticket.id, channelId);
    await page.getByRole('heading', { name: 'Your ticket is open' }).waitFor(SEEN);
    const link = page.getByRole('link', { name: `Open ${mine.ticket.orderId} in Discord` });
    expect(await link.getAttribute('href')).toBe(
      `https://discord.com/channels/${GUILD_ID}/${channelId}`,
    );
    await expectNoAxeViolations(page);

    // Another order of theirs could not be opened: said in words, with the way on.
    const failing = await customerWithTicket('service:emojis', mine.discordId);
    await page.goto(`${site.url}/orders/${failing.ticket.id}`);
    await waitForPage(page);
    await page.getByText('Opening your ticket in our Discord server…').waitFor(SEEN);
    await tickets.markTicketFailed(failing.ticket.id, 'not opened within 60 minutes');
    await page.getByRole('heading', { name: 'Your ticket could not be opened' }).waitFor(SEEN);
    await page.getByText(/We could not open this ticket in our Discord server/).waitFor(SEEN);
    await page.getByRole('link', { name: 'Order again' }).waitFor(SEEN);
    await expectNoAxeViolations(page);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.close();
  }

  it('at desktop size', async () => {
    await walkThroughStates(undefined, true);
  }, 120_000);

  it('on a phone', async () => {
    await walkThroughStates(PHONE);
  }, 120_000);
});
