import { describe, expect, it } from 'vitest';
import { deliveryNonce } from './delivery-nonce';

describe('deliveryNonce', () => {
  it('is stable, distinct per row and at most 25 characters', () => {
    expect(deliveryNonce(42)).toBe('lunar-42');
    expect(deliveryNonce(42)).toBe(deliveryNonce('42'));
    expect(deliveryNonce(43)).not.toBe(deliveryNonce(42));
    const ids = [Number.MAX_SAFE_INTEGER, '3f2504e0-4f89-11d3-9a0c-0305e82c3301', 'ä'.repeat(300)];
    for (const id of ids) {
      expect(deliveryNonce(id).length).toBeLessThanOrEqual(25);
      expect(deliveryNonce(id)).toBe(deliveryNonce(id));
    }
    expect(deliveryNonce('3f2504e0-4f89-11d3-9a0c-0305e82c3301')).not.toBe(
      deliveryNonce('3f2504e0-4f89-11d3-9a0c-0305e82c3302'),
    );
  });

  it('rejects ids that cannot name a row', () => {
    expect(() => deliveryNonce('')).toThrow(RangeError);
    expect(() => deliveryNonce(1.5)).toThrow(RangeError);
  });
});
