import { describe, expect, it } from 'vitest';
import { HONEYPOT_FIELD, isHoneypotFilled } from './honeypot';

describe('isHoneypotFilled', () => {
  it('is true for any value but blank text', () => {
    for (const value of ['http://spam.example', ' x ', 0, false, {}, []]) {
      expect(isHoneypotFilled({ [HONEYPOT_FIELD]: value })).toBe(true);
    }
    for (const body of [{ [HONEYPOT_FIELD]: '' }, { [HONEYPOT_FIELD]: '  ' }, {}, null, 'x']) {
      expect(isHoneypotFilled(body)).toBe(false);
    }
    expect(isHoneypotFilled({ [HONEYPOT_FIELD]: null })).toBe(false);
  });
});
