import { TEAM_MEMBERS } from './members';
import type { TeamCategory, TeamCategorySeed, TeamMember } from './types';

export { TEAM_MEMBERS } from './members';

export const TEAM_HEADING = 'Meet Our Team';

// Order matters: the first category is selected by default.
export const TEAM_CATEGORIES: TeamCategorySeed[] = [
  {
    id: 'graphics',
    name: 'Graphics Design',
    icon: 'palette',
    memberUsernames: ['ashgfx', 'miragefx', 'pixelrook', 'lunavale', 'zerohex', 'sunnydraws'],
  },
  {
    id: 'uniforms',
    name: 'Uniforms',
    icon: 'shirt',
    memberUsernames: ['marshalco', 'zerohex', 'tailorbyte', 'bluelinedsgn', 'crestfall'],
  },
  {
    id: 'liveries',
    name: 'Liveries',
    icon: 'car',
    memberUsernames: [
      'sirenworks',
      'marshalco',
      'chromefox',
      'bluelinedsgn',
      'torquee',
      'redlightgfx',
    ],
  },
  {
    id: 'discord',
    name: 'Discord Services',
    icon: 'discord',
    memberUsernames: ['stackd', 'ashgfx', 'novadev', 'emberly'],
  },
  {
    id: 'bots',
    name: 'Bot Developers',
    icon: 'bot',
    memberUsernames: ['novadev', 'circuitbots'],
  },
];

export type TeamCategoryWithMembers = TeamCategory & { members: TeamMember[] };

/** Joins categories to their members (the spec's `category.members`); unknown names are dropped. */
export function resolveTeamCategories(
  categories: TeamCategorySeed[] = TEAM_CATEGORIES,
  members: TeamMember[] = TEAM_MEMBERS,
): TeamCategoryWithMembers[] {
  const byUsername = new Map(members.map((m) => [m.discordUsername, m]));
  return categories.map(({ memberUsernames, ...category }) => ({
    ...category,
    members: memberUsernames.flatMap((username) => {
      const found = byUsername.get(username);
      return found ? [found] : [];
    }),
  }));
}

export function findTeamMember(
  discordUsername: string,
  members: TeamMember[] = TEAM_MEMBERS,
): TeamMember | undefined {
  return members.find((m) => m.discordUsername === discordUsername);
}
