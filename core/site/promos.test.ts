import { describe, expect, it } from 'vitest';
import { PromoBannerSchema } from './promo-schema';
import { activePromos, type PromoBanner, utcDay } from './promos';
import { PROMO_BANNERS } from './site';

const ids = (today: string) => activePromos(PROMO_BANNERS, today).map((promo) => promo.id);

describe('promo dates', () => {
  it('shows the New Year promo around the new year, not in November', () => {
    expect(ids('2026-11-23')).not.toContain('new-year-boost');
    expect(ids('2026-12-25')).not.toContain('new-year-boost');
    expect(ids('2026-12-26')).toContain('new-year-boost');
    expect(ids('2027-01-31')).toContain('new-year-boost');
    expect(ids('2027-02-01')).not.toContain('new-year-boost');
  });

  it('counts both ends as running days, in UTC', () => {
    const promo: PromoBanner = { id: 'p', text: 'P', startsOn: '2030-03-01', endsOn: '2030-03-02' };
    expect(activePromos([promo], '2030-02-28')).toEqual([]);
    expect(activePromos([promo], '2030-03-01')).toEqual([promo]);
    expect(activePromos([promo], '2030-03-02')).toEqual([promo]);
    expect(activePromos([promo], '2030-03-03')).toEqual([]);
    // 23:30 in New York on the 2nd is already the 3rd in UTC: the promo has ended.
    expect(activePromos([promo], utcDay(new Date('2030-03-02T23:30:00-05:00')))).toEqual([]);
  });

  it("checks the site's promos: real dates, none ending before it starts", () => {
    for (const promo of PROMO_BANNERS) expect(PromoBannerSchema.parse(promo)).toEqual(promo);
  });

  it('refuses a bad date or an end before the start', () => {
    const check = (startsOn: string, endsOn: string) =>
      PromoBannerSchema.safeParse({ id: 'p', text: 'P', startsOn, endsOn }).success;
    expect(check('2030-02-30', '2030-03-02')).toBe(false);
    expect(check('2030-03-02', '2030-03-01')).toBe(false);
    expect(check('2030-03-01', '2030-03-01')).toBe(true);
  });
});
