import { describe, expect, it } from 'vitest';
import { describeTax, taxCommand } from './tax';

describe('/tax', () => {
  it('answers both directions of the 30% fee', () => {
    expect(describeTax(1000)).toBe(
      "To receive **1,000 Robux** after Roblox's 30% fee, charge **1,429 Robux**.\n" +
        'Charging **1,000 Robux** gives the studio **700 Robux**.',
    );
    expect(describeTax(1)).toContain('charge **2 Robux**');
    expect(describeTax(1_000_000)).toContain('charge **1,428,572 Robux**');
  });

  it('takes a whole amount from 1 to 1,000,000 and an optional public flag', () => {
    expect(taxCommand.data.options).toMatchObject([
      { name: 'amount', type: 4, required: true, min_value: 1, max_value: 1_000_000 },
      { name: 'public', type: 5, required: false },
    ]);
    expect(taxCommand.access).toBe('everyone');
  });
});
