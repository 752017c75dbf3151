import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type GoLiveFacts, goLiveChecklist } from './go-live';
import { readmeSection } from './readme-section';

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

const FRESH: GoLiveFacts = {
  discord: { configured: false, refusedSince: null, bot: null, reviewerRoles: false },
  shownMembers: 0,
  demo: { members: 0, portfolios: 0, posts: 0 },
  portfolios: { count: 0, defaultUsername: null, defaultExists: false, defaultIsDemo: false },
  reviewed: { hero: false, services: false, pricing: false, stats: false, promos: false },
  hero: { badge: '', stats: [], promos: 0 },
  settings: {
    stored: false,
    emailConfigured: false,
    inviteConfigured: false,
    legalLastUpdated: '2024-03-19',
  },
  backups: null,
};

describe('readmeSection', () => {
  it('cuts a section up to the next one at its level', () => {
    const text = '# Title\n\n## One\nfirst\n### Sub\nmore\n## Two\nsecond\n';
    expect(readmeSection(text, 'One')).toBe('first\n### Sub\nmore');
    expect(readmeSection(text, 'Two')).toBe('second');
    expect(readmeSection(text, 'Three')).toBeNull();
  });

  // A renamed README heading would leave the checklist pointing nowhere.
  it('finds every section the go-live checklist refers to', () => {
    const sections = goLiveChecklist(FRESH).flatMap((item) =>
      item.where.kind === 'readme' ? [item.where.section] : [],
    );
    expect(sections.length).toBeGreaterThan(0);
    for (const section of sections) {
      expect(readmeSection(README, section), section).toMatch(/\S/);
    }
  });
});
