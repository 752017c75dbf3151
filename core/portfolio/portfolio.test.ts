import { describe, expect, it } from 'vitest';
import { isIconName } from '../site/icons';
import { TEAM_MEMBERS } from '../team/members';
import { DEFAULT_PORTFOLIO_USERNAME } from './default-profile';
import { PORTFOLIO_PROFILES } from './portfolio';
import { PortfolioSchema } from './schema';

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
    const profile = PORTFOLIO_PROFILES.find((p) => p.username === DEFAULT_PORTFOLIO_USERNAME);
    const stats = profile?.projects.flatMap((p) => p.stats ?? []).map((s) => s.value);
    expect(stats).toEqual(expect.arrayContaining(['40,000+', '99.9%', '100K+']));
    expect(profile?.expertise.length).toBeGreaterThanOrEqual(3);
    expect(profile?.projects.length).toBeGreaterThanOrEqual(3);
    expect(profile?.testimonials.length).toBeGreaterThanOrEqual(2);
  });

  it('keys each profile by a team member username', () => {
    const usernames = new Set(TEAM_MEMBERS.map((m) => m.discordUsername));
    for (const profile of PORTFOLIO_PROFILES) expect(usernames).toContain(profile.username);
  });

  it('fits the API contract and draws every icon it names', () => {
    for (const profile of PORTFOLIO_PROFILES) {
      expect(PortfolioSchema.parse(profile)).toEqual(profile);
      const icons = [...profile.expertise, ...profile.projects].map((card) => card.icon);
      expect(icons.filter((icon) => !isIconName(icon))).toEqual([]);
    }
  });
});
