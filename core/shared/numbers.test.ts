import { describe, expect, it } from 'vitest';
import { groupThousands } from './numbers';

describe('groupThousands', () => {
  it('writes whole numbers as en-US toLocaleString does', () => {
    for (const value of [0, 7, 999, 1000, 12_500, 100_000, 1_234_567, -4200, -999, 2 ** 53 - 1]) {
      expect(groupThousands(value)).toBe(value.toLocaleString('en-US'));
    }
  });

  it('leaves fractions and non-finite numbers to toLocaleString', () => {
    for (const value of [1234.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60]) {
      expect(groupThousands(value)).toBe(value.toLocaleString('en-US'));
    }
  });
});
