import { SIMILAR_DESIGNERS } from '../site/site';
import type { TeamMember } from './schema';
import { createSeededRandom } from './seeded-random';

export type MemberSortKey = 'name' | 'role' | 'activity';

export const MEMBER_SORT_OPTIONS: { value: MemberSortKey; label: string }[] = [
  { value: 'name', label: 'Name' },
  { value: 'role', label: 'Role' },
  { value: 'activity', label: 'Activity' },
];

export const SEARCH_PLACEHOLDER = 'Search members...';
export const EMPTY_SEARCH_TITLE = 'No Results Found';
export const EMPTY_SEARCH_MESSAGE = 'No team members match your search criteria.';
/** A site with no one on its team yet (a fresh production start) says so, not "no results". */
export const TEAM_COMING_SOON_TITLE = 'Our team page is coming soon';
export const TEAM_COMING_SOON_MESSAGE =
  'We are putting our designers’ profiles together. Meanwhile, meet us on Discord.';

/** Case-insensitive substring match over name, role and specialty (spec §5). */
export function filterMembers(members: TeamMember[], query: string): TeamMember[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...members];
  return members.filter((m) =>
    [m.name, m.role, m.specialty].some((field) => field.toLowerCase().includes(needle)),
  );
}

export function isLead(member: Pick<TeamMember, 'role'>): boolean {
  return member.role.includes('Lead');
}

// Sorting by role means by seniority (leads first); an alphabetical role order would put
// 'Designer' above 'Lead Designer', which no one reading a team page expects.
function rankRole(role: string): number {
  if (role.includes('Lead')) return 0;
  if (role.includes('Senior')) return 1;
  return 2;
}

function compareNames(a: TeamMember, b: TeamMember): number {
  return a.name.localeCompare(b.name, 'en', { sensitivity: 'base' });
}

const COMPARATORS: Record<MemberSortKey, (a: TeamMember, b: TeamMember) => number> = {
  name: compareNames,
  role: (a, b) => rankRole(a.role) - rankRole(b.role) || a.role.localeCompare(b.role, 'en'),
  // Most recent first; members without lastActive go last.
  activity: compareActivity,
};

function compareActivity(a: TeamMember, b: TeamMember): number {
  if (a.lastActive === undefined) return b.lastActive === undefined ? 0 : 1;
  if (b.lastActive === undefined) return -1;
  return b.lastActive - a.lastActive;
}

/** Returns a new array; Array.prototype.sort is stable, so ties keep their input order. */
export function sortMembers(members: TeamMember[], key: MemberSortKey): TeamMember[] {
  const compare = COMPARATORS[key];
  return [...members].sort(compare);
}

/**
 * Picks `count` other members of the same team, pseudo-randomly but the same every time for a
 * given member (seeded by discordUsername) so server render and hydration agree.
 */
export function pickSimilarDesigners(
  member: Pick<TeamMember, 'discordUsername'>,
  teamMembers: TeamMember[],
  count: number = SIMILAR_DESIGNERS,
): TeamMember[] {
  const seen = new Set([member.discordUsername]);
  const candidates: TeamMember[] = [];
  for (const m of teamMembers) {
    if (seen.has(m.discordUsername)) continue;
    seen.add(m.discordUsername);
    candidates.push(m);
  }
  const random = createSeededRandom(`similar:${member.discordUsername}`);
  for (let i = candidates.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [candidates[i], candidates[j]] = [candidates[j] as TeamMember, candidates[i] as TeamMember];
  }
  return candidates.slice(0, Math.max(0, count));
}

/** True for about `p` of all seeds, always the same answer for the same seed. */
export function seededChance(seed: string, p: number): boolean {
  return createSeededRandom(seed)() < p;
}
