import { describe, expect, it } from 'vitest';
import { matchesDiscordHandle, parseDiscordHandle } from './handle';

describe('parseDiscordHandle', () => {
  it('reads ids, usernames and legacy tags', () => {
    expect(parseDiscordHandle(' 123456789012345678 ')).toEqual({
      kind: 'id',
      id: '123456789012345678',
    });
    expect(parseDiscordHandle('@Lunar.Fan')).toEqual({ kind: 'username', username: 'lunar.fan' });
    expect(parseDiscordHandle('Old Name#0420')).toEqual({
      kind: 'username',
      username: 'old name',
      discriminator: '0420',
    });
    expect(parseDiscordHandle('someone#0')).toEqual({ kind: 'username', username: 'someone' });
  });

  it('refuses what cannot be a username', () => {
    for (const bad of ['', '@', 'x', 'a'.repeat(33)]) expect(parseDiscordHandle(bad)).toBeNull();
  });

  it('matches a member by username, ignoring case, and by discriminator when given', () => {
    const handle = { kind: 'username', username: 'pixel' } as const;
    expect(matchesDiscordHandle(handle, { username: 'Pixel' })).toBe(true);
    expect(matchesDiscordHandle(handle, { username: 'pixel2' })).toBe(false);
    const legacy = { ...handle, discriminator: '0420' };
    expect(matchesDiscordHandle(legacy, { username: 'pixel', discriminator: '0420' })).toBe(true);
    expect(matchesDiscordHandle(legacy, { username: 'pixel', discriminator: '1111' })).toBe(false);
  });
});
