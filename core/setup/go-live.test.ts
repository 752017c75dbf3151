import { describe, expect, it } from 'vitest';
import { type GoLiveFacts, goLiveChecklist } from './go-live';

// Each item of the go-live checklist ticks from the facts alone, and says what is missing.

const FRESH: GoLiveFacts = {
  discord: { configured: false, refusedSince: null, bot: null, reviewerRoles: false },
  shownMembers: 0,
  demo: { members: 0, portfolios: 0, posts: 0 },
  portfolios: { count: 0, defaultUsername: 'novadev', defaultExists: false, defaultIsDemo: false },
  reviewed: { hero: false, services: false, pricing: false, stats: false, promos: false },
  hero: { badge: 'Top Rated Design Studio on ERLC', stats: ['500+ Happy Clients'], promos: 1 },
  settings: {
    stored: false,
    emailConfigured: false,
    inviteConfigured: false,
    legalLastUpdated: '2024-03-19',
  },
  backups: null,
};

const READY: GoLiveFacts = {
  discord: {
    configured: true,
    refusedSince: null,
    bot: {
      connectedAt: '2026-05-01T10:00:00.000Z',
      commands: { checkedAt: '2026-05-01T10:00:00.000Z', missing: [], changed: [] },
    },
    reviewerRoles: true,
  },
  shownMembers: 3,
  demo: { members: 0, portfolios: 0, posts: 0 },
  portfolios: { count: 2, defaultUsername: 'exa', defaultExists: true, defaultIsDemo: false },
  reviewed: { hero: true, services: true, pricing: true, stats: true, promos: true },
  hero: { badge: 'Best studio', stats: ['77+ Happy Clients'], promos: 0 },
  settings: {
    stored: true,
    emailConfigured: false,
    inviteConfigured: false,
    legalLastUpdated: '2026-04-30',
  },
  backups: { by: 'Exa', at: '2026-05-02T09:00:00.000Z' },
};

const item = (facts: GoLiveFacts, id: string) => {
  const found = goLiveChecklist(facts).find((one) => one.id === id);
  if (!found) throw new Error(`no item ${id}`);
  return found;
};

describe('goLiveChecklist', () => {
  it('has nothing done on a fresh site, and says where each thing is done', () => {
    const items = goLiveChecklist(FRESH);
    expect(items.map((one) => one.id)).toEqual([
      'discord',
      'commands',
      'reviewer-roles',
      'team',
      'portfolio',
      'pricing-services',
      'stats-promos',
      'contact',
      'legal-date',
      'backups',
    ]);
    expect(items.filter((one) => one.done)).toEqual([]);
    expect(item(FRESH, 'discord').detail).toMatch(/^DISCORD_TOKEN is not set/);
    expect(item(FRESH, 'team').where).toEqual({
      kind: 'dashboard',
      href: '/dashboard/content/team',
      label: 'Site content → Team',
    });
    expect(item(FRESH, 'reviewer-roles').where).toEqual({
      kind: 'readme',
      section: 'Connecting Discord',
    });
    expect(item(FRESH, 'legal-date').detail).toContain('March 19, 2024');
  });

  it('is all done on a site that set everything up', () => {
    expect(goLiveChecklist(READY).every((one) => one.done)).toBe(true);
    expect(item(READY, 'backups').detail).toBe('Confirmed by Exa on May 2, 2026.');
    expect(item(READY, 'legal-date').detail).toContain('April 30, 2026');
  });

  it('tells a refused token, a bot that never connected and outdated commands apart', () => {
    const refused = {
      ...READY,
      discord: { ...READY.discord, refusedSince: '2026-05-03T00:00:00Z' },
    };
    expect(item(refused, 'discord')).toMatchObject({ done: false });
    expect(item(refused, 'discord').detail).toContain('refused the bot token since May 3, 2026');
    const silent = { ...READY, discord: { ...READY.discord, bot: null } };
    expect(item(silent, 'discord').done).toBe(false);
    expect(item(silent, 'commands').done).toBe(false);
    const outdated = {
      ...READY,
      discord: {
        ...READY.discord,
        bot: {
          connectedAt: '2026-05-01T10:00:00Z',
          commands: { checkedAt: '2026-05-01T10:00:00Z', missing: ['tax'], changed: ['review'] },
        },
      },
    };
    expect(item(outdated, 'discord').done).toBe(true);
    expect(item(outdated, 'commands')).toMatchObject({ done: false });
    expect(item(outdated, 'commands').detail).toContain('missing /tax; changed /review');
    const unread = {
      ...READY,
      discord: { ...READY.discord, bot: { connectedAt: 'x', commands: null } },
    };
    expect(item(unread, 'commands').done).toBe(false);
  });

  it('needs both blocks of a pair saved, and names the ones left', () => {
    const half = { ...READY, reviewed: { ...READY.reviewed, services: false, promos: false } };
    expect(item(half, 'pricing-services')).toMatchObject({ done: false });
    expect(item(half, 'pricing-services').detail).toMatch(/^Still the built-in services:/);
    expect(item(half, 'stats-promos').detail).toMatch(
      /^Still the built-in promos: no promo runs\./,
    );
    expect(item(half, 'pricing-services').where).toMatchObject({
      href: '/dashboard/content/home#services',
    });
  });

  it('counts the contact settings as set from the configuration too', () => {
    const configured = {
      ...FRESH,
      settings: { ...FRESH.settings, emailConfigured: true, inviteConfigured: true },
    };
    expect(item(configured, 'contact').done).toBe(true);
    expect(item(configured, 'legal-date').done).toBe(false);
    const onlyEmail = { ...FRESH, settings: { ...FRESH.settings, emailConfigured: true } };
    expect(item(onlyEmail, 'contact').done).toBe(false);
  });

  it('wants the nav’s default portfolio to exist, not just any', () => {
    const other = {
      ...READY,
      portfolios: {
        count: 1,
        defaultUsername: 'novadev',
        defaultExists: false,
        defaultIsDemo: false,
      },
    };
    expect(item(other, 'portfolio')).toMatchObject({ done: false });
    expect(item(other, 'portfolio').detail).toContain('@novadev, does not exist');
    expect(item(other, 'portfolio').where).toMatchObject({
      href: '/dashboard/content/settings#portfolio',
    });
    const none = { ...READY, portfolios: { ...READY.portfolios, defaultUsername: null } };
    expect(item(none, 'portfolio')).toMatchObject({ done: false });
    expect(item(none, 'portfolio').detail).toMatch(/^No default portfolio is chosen/);
  });

  // A fresh embedded site: 18 made-up people and 2 made-up portfolios tick nothing.
  it('does not count demo content as done', () => {
    const demoSite: GoLiveFacts = {
      ...FRESH,
      demo: { members: 18, portfolios: 2, posts: 1 },
      portfolios: {
        count: 0,
        defaultUsername: 'novadev',
        defaultExists: true,
        defaultIsDemo: true,
      },
    };
    expect(goLiveChecklist(demoSite).filter((one) => one.done)).toEqual([]);
    expect(item(demoSite, 'team').detail).toContain('18 demo people do not count');
    const ownPortfolio = {
      ...READY,
      portfolios: {
        count: 1,
        defaultUsername: 'novadev',
        defaultExists: true,
        defaultIsDemo: true,
      },
    };
    expect(item(ownPortfolio, 'portfolio')).toMatchObject({ done: false });
    expect(item(ownPortfolio, 'portfolio').detail).toContain('@novadev, a demo portfolio');
  });

  it('ticks the legal date only when a date of the studio’s own is saved', () => {
    const emailOnly = {
      ...READY,
      settings: { ...READY.settings, stored: true, legalLastUpdated: '2024-03-19' },
    };
    expect(item(emailOnly, 'legal-date')).toMatchObject({ done: false });
    expect(item(emailOnly, 'legal-date').detail).toContain('the built-in date');
    const notSaved = { ...READY, settings: { ...READY.settings, stored: false } };
    expect(item(notSaved, 'legal-date').done).toBe(false);
  });

  it('quotes what the hero shows now, not the built-in claim', () => {
    const upgraded = {
      ...READY,
      reviewed: { ...READY.reviewed, hero: false, promos: false },
      hero: { badge: 'Top Rated Design Studio on ERLC', stats: ['77+ Happy Clients'], promos: 2 },
    };
    const hero = item(upgraded, 'stats-promos');
    expect(hero.done).toBe(false);
    expect(hero.detail).toBe(
      'Still the built-in hero and promos: the hero says “Top Rated Design Studio on ERLC”; 2 promos run until you change them. Saving a block marks it reviewed.',
    );
    expect(hero.detail).not.toContain('500+');
    expect(hero.where).toMatchObject({ href: '/dashboard/content/home#hero' });
    const stats = { ...READY, reviewed: { ...READY.reviewed, stats: false } };
    expect(item(stats, 'stats-promos').detail).toContain('the hero claims “77+ Happy Clients”');
  });
});
