import { afterEach, describe, expect, it, vi } from 'vitest';
import { PRIVACY_SECTIONS } from '../../core/site/legal-privacy';
import { TERMS_SECTIONS } from '../../core/site/legal-terms';
import { formatRobux, PRICING_PLANS } from '../../core/site/pricing';
import { SERVICE_CARDS } from '../../core/site/services';
import { STAFF_DOCUMENTATION_SECTIONS } from '../../core/staff/staff-documentation';
import { TICKET_PROCEDURE_STEPS, TICKET_SUMMARY_CARDS } from '../../core/staff/ticket-procedure';
import { seedOnce } from '../../db/seed';
import { buildTestApp } from '../support/app';
import { createTestDatabase } from '../support/database';
import { signInAsStaff } from '../support/staff';
import { useTestApp } from '../support/use-test-app';

// React escapes text (& → &amp;, ' → &#x27;), so compare against the HTML-escaped form.
const asHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/'/g, '&#x27;').replace(/"/g, '&quot;');

describe('prerendered public pages carry their visible text (plain GET, no JavaScript)', () => {
  const server = useTestApp('pglite', { seed: true, web: true });
  const get = async (url: string, cookie?: string) =>
    (await server.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} })).body;

  it('/ shows the hero, services, promotions, every plan and the team', async () => {
    const html = await get('/');
    for (const text of [
      'Elevate Your ERLC Community',
      'Join Our Discord',
      'View Our Work',
      'Our Services',
      'Next 100 Orders will get 15% OFF!',
      'Pricing Plans',
      'Most Popular',
      'Get Started',
      'Meet Our Team',
      'Search members...',
      'Join Lunar',
      'We&#x27;re Hiring',
      'Quick Links',
      'Terms of Service',
      'Robux',
    ]) {
      expect(html, text).toContain(text);
    }
    for (const card of SERVICE_CARDS) {
      expect(html).toContain(`id="${card.id}"`);
      expect(html).toContain(asHtml(card.title));
    }
    for (const plan of PRICING_PLANS) {
      expect(html).toContain(plan.title);
      expect(html).toContain(formatRobux(plan.price));
      for (const feature of plan.features) expect(html).toContain(asHtml(feature));
    }
    // The first category (graphics) is selected: its lead is on the page, with a crown.
    expect(html).toContain('Ash');
    expect(html).toContain('Team lead');
    expect(html).toMatch(/id="services"/);
    expect(html).toMatch(/id="pricing"/);
    expect(html).toMatch(/id="team"/);
  });

  describe('promos by date (UTC)', () => {
    afterEach(() => {
      vi.useRealTimers();
    });
    // Only Date is faked: the database and the server's timers keep running.
    const homeOn = async (instant: string) => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(instant));
      return get('/');
    };

    it('hides the New Year promo in November', async () => {
      const html = await homeOn('2026-11-20T12:00:00Z');
      expect(html).not.toContain('New Year Boost');
      expect(html).toContain('Next 100 Orders will get 15% OFF!');
    });

    it('shows it from its first day, though the page was rendered and cached the day before', async () => {
      expect(await homeOn('2026-12-25T23:59:00Z')).not.toContain('New Year Boost');
      const html = await homeOn('2026-12-26T00:01:00Z');
      expect(html).toContain('New Year Boost: 25% OFF');
      expect(html).toContain('Claim Offer');
    });
  });

  it('/terms shows every section, the date, the change note and the contact e-mail', async () => {
    const html = await get('/terms');
    for (const section of TERMS_SECTIONS) expect(html).toContain(asHtml(section.title));
    expect(html).toContain('Last updated: <time dateTime="2024-03-19">March 19, 2024</time>');
    expect(html).toContain('without notice');
    expect(html).toMatch(/mailto:[^"]+@/);
  });

  it('/privacy states the configured retention period', async () => {
    const app = await buildTestApp(server.database, { web: true, env: { RETENTION_MONTHS: '6' } });
    const html = (await app.inject({ method: 'GET', url: '/privacy' })).body;
    expect(html).toContain('Contact messages are kept for 6 months after they are received');
    await app.close();
  });

  it('/privacy shows every section and the privacy contact', async () => {
    const html = await get('/privacy');
    for (const section of PRIVACY_SECTIONS) expect(html).toContain(asHtml(section.title));
    expect(html).toContain('March 19, 2024');
    expect(html).toMatch(/mailto:[^"]+@/);
    // RETENTION_MONTHS (default 12), the period the retention job deletes after.
    expect(html).toContain('kept for 12 months after they are submitted and then deleted');
    expect(html).not.toContain('{retention}');
  });

  it('the staff guides show their steps, cards and seven sections', async () => {
    // Signed in: the guides need a staff session (decision 6).
    const { cookie } = await signInAsStaff(server.database.db, ['staff']);
    const ticket = await get('/staff/ticket-procedure', cookie);
    for (const step of TICKET_PROCEDURE_STEPS) expect(ticket).toContain(asHtml(step.title));
    for (const card of TICKET_SUMMARY_CARDS) expect(ticket).toContain(card.title);
    expect(ticket).toContain('Copy Intro Template');
    const staff = await get('/staff/staff-procedure', cookie);
    expect(STAFF_DOCUMENTATION_SECTIONS).toHaveLength(7);
    for (const section of STAFF_DOCUMENTATION_SECTIONS) {
      expect(staff).toContain(asHtml(section.title));
    }
  });
});

// A production database starts without the demo people (db/seed.ts): the pages still render.
it('renders the home page and the portfolio fallback without demo people', async () => {
  const database = await createTestDatabase('pglite');
  try {
    await seedOnce(database.db, { demo: false });
    const app = await buildTestApp(database, { web: true });
    const home = await app.inject({ method: 'GET', url: '/' });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('Meet Our Team');
    expect(home.body).not.toContain('Team lead');
    const portfolio = await app.inject({ method: 'GET', url: '/team/portfolios/novadev' });
    expect(portfolio.statusCode).toBeLessThan(500);
    await app.close();
  } finally {
    await database.close();
  }
});
