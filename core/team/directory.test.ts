import { describe, expect, it } from 'vitest';
import {
  filterMembers,
  isLead,
  pickSimilarDesigners,
  seededChance,
  sortMembers,
} from './directory';
import { TEAM_MEMBERS } from './members';
import { type TeamMember, TeamMemberSchema } from './schema';
import { TEAM_CATEGORIES } from './team';

function makeMember(overrides: Partial<TeamMember> & { name: string }): TeamMember {
  return {
    role: 'Designer',
    specialty: 'Logos',
    discordUsername: overrides.name.toLowerCase(),
    pfpUrl: '',
    bannerUrl: '',
    quote: '',
    ...overrides,
  };
}

const people = [
  makeMember({ name: 'Zed', role: 'Designer', specialty: 'Liveries', lastActive: 100 }),
  makeMember({ name: 'amy', role: 'Lead Designer', specialty: 'Uniforms, Liveries' }),
  makeMember({ name: 'Bob', role: 'Senior Designer', specialty: 'Emojis', lastActive: 300 }),
  makeMember({ name: 'Cat', role: 'Designer', specialty: 'Banners', lastActive: 300 }),
  makeMember({ name: 'Dan', role: 'Designer', specialty: 'Logos' }),
];

const names = (list: TeamMember[]) => list.map((m) => m.name);

describe('filterMembers', () => {
  it('matches case-insensitively on name, role and specialty', () => {
    expect(names(filterMembers(people, 'AMY'))).toEqual(['amy']);
    expect(names(filterMembers(people, 'lead'))).toEqual(['amy']);
    expect(names(filterMembers(people, 'liver'))).toEqual(['Zed', 'amy']);
    expect(names(filterMembers(people, 'senior designer'))).toEqual(['Bob']);
  });

  it('returns everyone for a blank query and nobody for no match', () => {
    expect(filterMembers(people, '  ')).toHaveLength(5);
    expect(filterMembers(people, 'photography')).toEqual([]);
  });
});

describe('sortMembers', () => {
  it('sorts by name ignoring case without mutating the input', () => {
    expect(names(sortMembers(people, 'name'))).toEqual(['amy', 'Bob', 'Cat', 'Dan', 'Zed']);
    expect(people[0]?.name).toBe('Zed');
  });

  it('sorts by role seniority, leads first, stable for equal roles', () => {
    expect(names(sortMembers(people, 'role'))).toEqual(['amy', 'Bob', 'Zed', 'Cat', 'Dan']);
  });

  it('sorts by activity, most recent first, missing last, stable for ties', () => {
    expect(names(sortMembers(people, 'activity'))).toEqual(['Bob', 'Cat', 'Zed', 'amy', 'Dan']);
  });
});

describe('isLead', () => {
  it('is true only when the role contains Lead', () => {
    expect(isLead({ role: 'Lead Bot Developer' })).toBe(true);
    expect(isLead({ role: 'Senior Designer' })).toBe(false);
  });
});

describe('pickSimilarDesigners', () => {
  const graphics = (TEAM_CATEGORIES[0]?.memberUsernames ?? []).map((username) =>
    TeamMemberSchema.parse(TEAM_MEMBERS.find((m) => m.discordUsername === username)),
  );

  it('picks 3 distinct others and never the member', () => {
    for (const member of graphics) {
      const picks = pickSimilarDesigners(member, graphics);
      const usernames = picks.map((m) => m.discordUsername);
      expect(picks).toHaveLength(3);
      expect(new Set(usernames).size).toBe(3);
      expect(usernames).not.toContain(member.discordUsername);
    }
  });

  it('is stable for a member', () => {
    const member = graphics[2] as TeamMember;
    expect(pickSimilarDesigners(member, graphics)).toEqual(pickSimilarDesigners(member, graphics));
  });

  it('is not simply the first others in list order', () => {
    const naive = (member: TeamMember) => graphics.filter((m) => m !== member).slice(0, 3);
    const differs = graphics.some(
      (member) =>
        names(pickSimilarDesigners(member, graphics)).join() !== names(naive(member)).join(),
    );
    expect(differs).toBe(true);
    const results = new Set(
      graphics.map((m) => names(pickSimilarDesigners(m, graphics)).sort().join()),
    );
    expect(results.size).toBeGreaterThan(1);
  });

  it('never duplicates even if the team lists someone twice, and respects count', () => {
    const team = [...people, people[1] as TeamMember];
    const picks = pickSimilarDesigners(people[0] as TeamMember, team, 10);
    expect(picks).toHaveLength(4);
    expect(new Set(picks.map((m) => m.discordUsername)).size).toBe(4);
  });
});

describe('seededChance', () => {
  it('is stable per seed', () => {
    expect(seededChance('novadev', 0.3)).toBe(seededChance('novadev', 0.3));
  });

  it('is true for about 30% of seeds', () => {
    let hits = 0;
    for (let i = 0; i < 1000; i++) if (seededChance(`member-${i}`, 0.3)) hits++;
    expect(hits).toBeGreaterThanOrEqual(250);
    expect(hits).toBeLessThanOrEqual(350);
  });

  it('is never true at p=0 and always true at p=1', () => {
    expect(seededChance('x', 0)).toBe(false);
    expect(seededChance('x', 1)).toBe(true);
  });
});
