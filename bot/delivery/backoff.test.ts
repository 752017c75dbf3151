import { describe, expect, it } from 'vitest';
import { computeRetryDelay } from './backoff';

const options = { baseDelayMs: 2000, maxDelayMs: 15 * 60_000 };

describe('computeRetryDelay', () => {
  it('doubles per attempt, between half and all of the step', () => {
    expect(computeRetryDelay(1, options, () => 1)).toBe(2000);
    expect(computeRetryDelay(1, options, () => 0)).toBe(1000);
    expect(computeRetryDelay(4, options, () => 1)).toBe(16_000);
  });

  it('caps at the maximum, also for huge attempt counts', () => {
    expect(computeRetryDelay(12, options, () => 1)).toBe(900_000);
    expect(computeRetryDelay(5000, options, () => 0.5)).toBe(675_000);
  });
});
