import type { TeamCategorySeed } from './schema';

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
