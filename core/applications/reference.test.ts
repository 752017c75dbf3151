import { describe, expect, it } from 'vitest';
import { applicationReference, parseApplicationReference } from './reference';

describe('application references', () => {
  it('pads the id behind the type prefix and reads back', () => {
    expect(applicationReference('moderator', 123)).toBe('MOD-000123');
    expect(applicationReference('designer', 7)).toBe('DES-000007');
    expect(applicationReference('designer', 12_345_678)).toBe('DES-12345678');
    expect(parseApplicationReference('MOD-000123')).toEqual({ type: 'moderator', id: 123 });
    expect(parseApplicationReference(' des-7 ')).toEqual({ type: 'designer', id: 7 });
  });

  it('refuses anything else', () => {
    for (const bad of ['', 'MOD-', 'XYZ-000001', 'MOD-000000', 'MOD-1e3', '123']) {
      expect(parseApplicationReference(bad)).toBeNull();
    }
  });
});
