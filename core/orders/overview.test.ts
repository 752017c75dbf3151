import { describe, expect, it } from 'vitest';
import { averageRating, overviewWeeks, qcPassRate } from './overview';

const week = (qcFirstPass: number, qcChangesRequested: number) => ({
  week: '2026-03-16',
  orders: qcFirstPass + qcChangesRequested,
  volumeRobux: 0,
  payoutsRobux: 0,
  qcFirstPass,
  qcChangesRequested,
});

describe('overviewWeeks', () => {
  it('lists the UTC Mondays of the weeks ending with the given day, oldest first', () => {
    expect(overviewWeeks('2026-03-22', 3)).toEqual(['2026-03-02', '2026-03-09', '2026-03-16']);
    // A Monday is its own week's start; weeks cross the year.
    expect(overviewWeeks('2026-01-05', 2)).toEqual(['2025-12-29', '2026-01-05']);
    expect(overviewWeeks('2026-03-18')).toHaveLength(12);
  });
});

describe('qcPassRate', () => {
  it('is first-time passes over all first decisions, or null without any', () => {
    expect(qcPassRate([week(1, 1), week(1, 0)])).toBeCloseTo(2 / 3);
    expect(qcPassRate([week(0, 0)])).toBeNull();
  });
});

describe('averageRating', () => {
  it('is the mean of every review, to two decimals, or null without any', () => {
    expect(
      averageRating([
        { week: 'a', reviews: 2, ratingSum: 9 },
        { week: 'b', reviews: 1, ratingSum: 2 },
      ]),
    ).toBe(3.67);
    expect(averageRating([{ week: 'a', reviews: 0, ratingSum: 0 }])).toBeNull();
  });
});
