import { describe, expect, it } from 'vitest';
import { activePromos, definePromos, utcDay } from './promos';
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
    const [promo] = definePromos([
      { id: 'p', text: 'P', startsOn: '2030-03-01', endsOn: '2030-03-02' },
    ]);
    if (!promo) throw new Error('no promo');
    expect(activePromos([promo], '2030-02-28')).toEqual([]);
    expect(activePromos([promo], '2030-03-01')).toEqual([promo]);
    expect(activePromos([promo], '2030-03-02')).toEqual([promo]);
    expect(activePromos([promo], '2030-03-03')).toEqual([]);
    // 23:30 in New York on the 2nd is already the 3rd in UTC: the promo has ended.
    expect(activePromos([promo], utcDay(new Date('2030-03-02T23:30:00-05:00')))).toEqual([]);
  });

  it('refuses content with a bad date or an end before the start', () => {
    expect(() =>
      definePromos([{ id: 'p', text: 'P', startsOn: '2030-02-30', endsOn: '2030-03-02' }]),
    ).toThrow();
    expect(() =>
      definePromos([{ id: 'p', text: 'P', startsOn: '2030-03-02', endsOn: '2030-03-01' }]),
    ).toThrow();
  });
});
