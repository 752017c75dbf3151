import { describe, expect, it } from 'vitest';
import { formatLongDate } from './long-date';

describe('formatLongDate', () => {
  it('writes a day as Intl does for en-US, long, in UTC', () => {
    const intl = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
    for (const date of ['2026-11-26', '2024-02-29', '2025-01-01', '1999-12-31', '2030-07-04']) {
      expect(formatLongDate(date)).toBe(intl.format(new Date(`${date}T00:00:00Z`)));
    }
  });

  it('shows anything that is not a date as it is', () => {
    for (const text of [
      '',
      'soon',
      '2026-13-01',
      '2026-00-10',
      '2026-01-32',
      '2026-1-1',
      '26-11-2026',
    ]) {
      expect(formatLongDate(text)).toBe(text);
    }
  });
});
