import { describe, expect, it } from 'vitest';
import { TEAM_MEMBERS } from './members';
import { TEAM_CATEGORIES } from './team';

const byUsername = new Map(TEAM_MEMBERS.map((m) => [m.discordUsername, m]));
const membersOf = (category: (typeof TEAM_CATEGORIES)[number]) =>
  category.memberUsernames.flatMap((username) => byUsername.get(username) ?? []);

describe('team seed', () => {
  it('has the five categories in order with their spec names', () => {
    expect(TEAM_CATEGORIES.map((c) => [c.id, c.name])).toEqual([
      ['graphics', 'Graphics Design'],
      ['uniforms', 'Uniforms'],
      ['liveries', 'Liveries'],
      ['discord', 'Discord Services'],
      ['bots', 'Bot Developers'],
    ]);
  });

  it('has 6/5/6/4/2 members per category', () => {
    expect(TEAM_CATEGORIES.map((c) => c.memberUsernames.length)).toEqual([6, 5, 6, 4, 2]);
  });

  it('keeps discordUsername unique across people', () => {
    const names = TEAM_MEMBERS.map((m) => m.discordUsername);
    expect(new Set(names).size).toBe(names.length);
  });

  it('resolves every category reference, without duplicates inside a category', () => {
    const known = new Set(TEAM_MEMBERS.map((m) => m.discordUsername));
    for (const category of TEAM_CATEGORIES) {
      for (const username of category.memberUsernames) expect(known).toContain(username);
      expect(new Set(category.memberUsernames).size).toBe(category.memberUsernames.length);
    }
    expect(TEAM_CATEGORIES.map((c) => membersOf(c).length)).toEqual([6, 5, 6, 4, 2]);
  });

  it('puts at least one person in several categories and uses everyone somewhere', () => {
    const counts = new Map<string, number>();
    for (const c of TEAM_CATEGORIES) {
      for (const u of c.memberUsernames) counts.set(u, (counts.get(u) ?? 0) + 1);
    }
    expect([...counts.values()].some((n) => n > 1)).toBe(true);
    expect(counts.size).toBe(TEAM_MEMBERS.length);
  });

  it('has a Lead in every category', () => {
    for (const c of TEAM_CATEGORIES) {
      expect(membersOf(c).some((m) => m.role.includes('Lead'))).toBe(true);
    }
  });

  it('serves avatars and banners from site-relative paths', () => {
    for (const m of TEAM_MEMBERS) {
      expect(m.pfpUrl).toBe(`/avatars/${m.discordUsername}.svg`);
      expect(
        m.bannerUrl === undefined ||
          m.bannerUrl === '' ||
          /^\/banners\/\d+\.svg$/.test(m.bannerUrl),
      ).toBe(true);
    }
    expect(TEAM_MEMBERS.some((m) => m.bannerUrl === '')).toBe(true);
    expect(TEAM_MEMBERS.some((m) => m.bannerUrl?.startsWith('/banners/'))).toBe(true);
  });
});
