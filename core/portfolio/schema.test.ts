import { describe, expect, it } from 'vitest';
import { DEFAULT_PORTFOLIO } from './default-profile';
import { PORTFOLIO_PART_SCHEMAS, PortfolioSchema } from './schema';

// The one schema the dashboard's edits and the public API share: what a visitor's browser will
// follow must never be a script, and images must be the site's own uploads.

const profile = {
  name: 'Nova',
  title: 'Lead',
  subtitle: '',
  about: { mainText: 'Hi', secondaryText: '' },
  githubUrl: null,
  contactUrl: null,
};
const project = { icon: 'bot', title: 'Bot', description: 'A bot.', tag: 'Bots' };

describe('portfolio schema', () => {
  it('accepts site paths, https and mailto links and refuses scripts', () => {
    for (const link of ['/contact', 'https://example.com/x', 'mailto:nova@example.com']) {
      expect(
        PORTFOLIO_PART_SCHEMAS.profile.safeParse({ ...profile, contactUrl: link }).success,
      ).toBe(true);
    }
    for (const link of [
      'javascript:alert(1)',
      '//evil.example',
      'http://plain.example',
      'data:x',
    ]) {
      expect(
        PORTFOLIO_PART_SCHEMAS.profile.safeParse({ ...profile, contactUrl: link }).success,
      ).toBe(false);
      expect(PORTFOLIO_PART_SCHEMAS.projects.safeParse([{ ...project, link }]).success).toBe(false);
    }
    expect(
      PORTFOLIO_PART_SCHEMAS.profile.safeParse({ ...profile, githubUrl: 'javascript:x' }).success,
    ).toBe(false);
  });

  it('takes project images only as uploaded site media, at most six', () => {
    const image = `/media/site/${'0'.repeat(64)}`;
    const parse = (images: string[]) =>
      PORTFOLIO_PART_SCHEMAS.projects.safeParse([{ ...project, images }]).success;
    expect(parse([image])).toBe(true);
    expect(parse(['https://evil.example/a.png'])).toBe(false);
    expect(parse(['/media/site/../../etc/passwd'])).toBe(false);
    expect(parse(Array.from({ length: 7 }, () => image))).toBe(false);
  });

  it('refuses two skills or projects of the same name, and levels outside 0..100', () => {
    const skills = PORTFOLIO_PART_SCHEMAS.skills;
    expect(skills.safeParse([{ name: 'Lua', level: 80 }]).success).toBe(true);
    expect(
      skills.safeParse([
        { name: 'Lua', level: 80 },
        { name: 'lua', level: 70 },
      ]).success,
    ).toBe(false);
    expect(skills.safeParse([{ name: 'Lua', level: 101 }]).success).toBe(false);
    expect(skills.safeParse([{ name: 'Lua', level: 50.5 }]).success).toBe(false);
    expect(PORTFOLIO_PART_SCHEMAS.projects.safeParse([project, project]).success).toBe(false);
  });

  it('reads the default profile back unchanged', () => {
    expect(PortfolioSchema.parse(DEFAULT_PORTFOLIO)).toEqual(DEFAULT_PORTFOLIO);
  });
});
