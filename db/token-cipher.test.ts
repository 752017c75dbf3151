import { describe, expect, it } from 'vitest';
import { createTokenCipher } from './token-cipher';

describe('token cipher', () => {
  it('opens what it sealed, and nothing sealed under another secret or altered', () => {
    const cipher = createTokenCipher('client-secret-one');
    const sealed = cipher.seal('discord-access-token');
    expect(sealed).not.toContain('discord-access-token');
    expect(cipher.seal('discord-access-token')).not.toBe(sealed);
    expect(cipher.open(sealed)).toBe('discord-access-token');
    expect(createTokenCipher('client-secret-two').open(sealed)).toBeNull();
    const [version, iv, tag, body = ''] = sealed.split('.');
    // The body's first character: all six of its bits are data (the last one's low bits may
    // be padding that decodes to the same bytes, which made this test pass a forgery 1 in 4).
    const flipped = body.startsWith('A') ? 'B' : 'A';
    const altered = [version, iv, tag, `${flipped}${body.slice(1)}`].join('.');
    expect(cipher.open(altered)).toBeNull();
    expect(cipher.open('v1.not.valid')).toBeNull();
    expect(cipher.open('')).toBeNull();
  });
});
