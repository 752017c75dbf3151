import { describe, expect, it } from 'vitest';
import { taxCommand } from './tax';

describe('/tax', () => {
  it('takes a whole amount from 1 to 1,000,000 and an optional public flag', () => {
    expect(taxCommand.data.options).toMatchObject([
      { name: 'amount', type: 4, required: true, min_value: 1, max_value: 1_000_000 },
      { name: 'public', type: 5, required: false },
    ]);
    expect(taxCommand.access).toBe('everyone');
  });
});
