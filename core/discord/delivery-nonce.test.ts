import { describe, expect, it } from 'vitest';
import { deliveryNonce } from './delivery-nonce';

const install = 'a1b2c3d4';

describe('deliveryNonce', () => {
  it('is stable for one row of one install', () => {
    expect(deliveryNonce(install, 42)).toBe('la1b2c3d4-42');
    expect(deliveryNonce(install, 42)).toBe(deliveryNonce(install, '42'));
    expect(deliveryNonce(install, 43)).not.toBe(deliveryNonce(install, 42));
  });

  it('differs between installs for the same outbox id', () => {
    expect(deliveryNonce('zzzz9999', 42)).not.toBe(deliveryNonce(install, 42));
  });

  it('stays within 25 characters for any id, hashing long ones', () => {
    for (const id of [1, 999_999_999_999_999, Number.MAX_SAFE_INTEGER, 'x'.repeat(100)]) {
      expect(deliveryNonce(install, id).length).toBeLessThanOrEqual(25);
      expect(deliveryNonce(install, id)).toBe(deliveryNonce(install, id));
    }
    expect(deliveryNonce(install, '3f2504e0-4f89-11d3-9a0c-0305e82c3301')).not.toBe(
      deliveryNonce(install, '3f2504e0-4f89-11d3-9a0c-0305e82c3302'),
    );
  });

  it('refuses ids and install ids it cannot make a safe nonce from', () => {
    expect(() => deliveryNonce(install, '')).toThrow(RangeError);
    expect(() => deliveryNonce(install, 1.5)).toThrow(RangeError);
    expect(() => deliveryNonce('short', 1)).toThrow(RangeError);
    expect(() => deliveryNonce('UPPER123', 1)).toThrow(RangeError);
  });
});
