import { describe, expect, it } from 'vitest';
import { SERVICE_CARDS } from './services';
import { buildHiringLinks, buildNavLinks, FOOTER, PROMO_BANNERS } from './site';
import { STAT_TILES } from './stat-tiles';
import { fillTokens } from './tokens';

describe('navigation', () => {
  it('lists the studio services in the dropdown, linking to their cards (decision 8)', () => {
    const [services] = buildNavLinks('novadev', SERVICE_CARDS);
    expect(services?.label).toBe('Services');
    expect(services?.children?.map((c) => c.href)).toEqual(SERVICE_CARDS.map((c) => `#${c.id}`));
    expect(services?.children?.map((c) => c.label)).not.toContain('Web Development');
  });

  it('names the services it is given (the stored ones), not the defaults', () => {
    const [services] = buildNavLinks('novadev', [{ id: 'moon-maps', title: 'Moon Maps' }]);
    expect(services?.children).toEqual([{ label: 'Moon Maps', href: '#moon-maps' }]);
  });

  it("offers both application forms and the Discord invite under 'We're Hiring'", () => {
    expect(buildHiringLinks('https://discord.gg/x')).toEqual([
      { label: 'Apply as Moderator', href: '/apply/moderator' },
      { label: 'Apply as Designer', href: '/apply/designer' },
      { label: 'Join our Discord', href: 'https://discord.gg/x', external: true },
    ]);
  });

  it('leaves the Portfolio link out while the default portfolio does not exist', () => {
    expect(buildNavLinks(null).map((link) => link.label)).toEqual([
      'Services',
      'Pricing',
      'Team',
      'Blog',
      'Contact',
    ]);
  });

  it('links the main sections in spec order', () => {
    expect(buildNavLinks('ashgfx').map((l) => [l.label, l.href])).toEqual([
      ['Services', '#services'],
      ['Pricing', '#pricing'],
      ['Team', '#team'],
      ['Portfolio', '/team/portfolios/ashgfx'],
      ['Blog', '/blog'],
      ['Contact', '/contact'],
    ]);
  });
});

describe('site content', () => {
  it('has unique service anchor ids for all eight services', () => {
    expect(SERVICE_CARDS).toHaveLength(8);
    expect(new Set(SERVICE_CARDS.map((c) => c.id)).size).toBe(8);
  });

  it('shows the spec claims and promotions', () => {
    // The hero's badges are the stats (an editable block): one claim, said once.
    expect(STAT_TILES.map((tile) => `${tile.value} ${tile.label}`)).toEqual([
      '500+ Happy Clients',
      '1000+ Projects Completed',
      '100% Satisfaction',
      '24/7 Support',
    ]);
    expect(PROMO_BANNERS.map((b) => b.text)).toEqual([
      'New Year Boost: 25% OFF',
      'Next 100 Orders will get 15% OFF!',
    ]);
    expect(FOOTER.legalLinks.map((l) => l.href)).toEqual(['/terms', '/privacy']);
    expect(FOOTER.copyright(2031)).toBe('© 2031 Lunar. All rights reserved.');
  });

  it('fills {email} and {name} tokens and leaves unknown ones', () => {
    expect(fillTokens(FOOTER.contactLine, { email: 'help@lunar.gg' })).toBe(
      'Questions? Email us at help@lunar.gg',
    );
    expect(fillTokens('{name} {email} {other}', { name: 'nova' })).toBe('nova {email} {other}');
  });
});
