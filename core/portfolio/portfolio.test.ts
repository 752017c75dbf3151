import { describe, expect, it } from 'vitest';
import { TEAM_MEMBERS } from '../team/team';
import { DEFAULT_PORTFOLIO_USERNAME, findPortfolio, PORTFOLIO_PROFILES } from './portfolio';

describe('portfolios', () => {
  it('keeps every skill level within 70..95', () => {
    for (const profile of PORTFOLIO_PROFILES) {
      for (const skill of profile.skills) {
        expect(skill.level).toBeGreaterThanOrEqual(70);
        expect(skill.level).toBeLessThanOrEqual(95);
      }
    }
  });

  it('gives the default profile the spec stats and enough sections', () => {
    const profile = findPortfolio(DEFAULT_PORTFOLIO_USERNAME);
    const stats = profile.projects.flatMap((p) => p.stats ?? []).map((s) => s.value);
    expect(stats).toEqual(expect.arrayContaining(['40,000+', '99.9%', '100K+']));
    expect(profile.expertise.length).toBeGreaterThanOrEqual(3);
    expect(profile.projects.length).toBeGreaterThanOrEqual(3);
    expect(profile.testimonials.length).toBeGreaterThanOrEqual(2);
  });

  it('keys each profile by a team member username', () => {
    const usernames = new Set(TEAM_MEMBERS.map((m) => m.discordUsername));
    for (const profile of PORTFOLIO_PROFILES) expect(usernames).toContain(profile.username);
  });

  it('finds by username case-insensitively and falls back to the default', () => {
    expect(findPortfolio('ASHGFX').name).toBe('Ash');
    expect(findPortfolio('nobody').username).toBe(DEFAULT_PORTFOLIO_USERNAME);
    expect(findPortfolio('nobody', 'ashgfx').username).toBe('ashgfx');
  });
});
