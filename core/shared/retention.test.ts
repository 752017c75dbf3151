import { describe, expect, it } from 'vitest';
import { retentionCutoff } from './retention';

describe('retention cutoff', () => {
  it('goes back whole calendar months in UTC', () => {
    expect(retentionCutoff(new Date('2026-11-23T12:00:00Z'), 12).toISOString()).toBe(
      '2025-11-23T12:00:00.000Z',
    );
    expect(retentionCutoff(new Date('2026-01-15T00:00:00Z'), 2).toISOString()).toBe(
      '2025-11-15T00:00:00.000Z',
    );
  });

  it('takes the last day of a shorter month', () => {
    expect(retentionCutoff(new Date('2026-03-31T08:00:00Z'), 1).toISOString()).toBe(
      '2026-02-28T08:00:00.000Z',
    );
    expect(retentionCutoff(new Date('2028-03-31T08:00:00Z'), 1).toISOString()).toBe(
      '2028-02-29T08:00:00.000Z',
    );
  });
});
