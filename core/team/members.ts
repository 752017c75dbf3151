import type { TeamMemberSeed } from './schema';

// Fixed timestamps (not Date.now()) so seeds, tests and server-rendered pages are stable.
const DAY_MS = 86_400_000;
const BASE = Date.UTC(2025, 0, 15);

function avatarPath(discordUsername: string): string {
  return `/avatars/${discordUsername}.svg`;
}

function member(fields: Omit<TeamMemberSeed, 'pfpUrl'> & { daysAgo?: number }): TeamMemberSeed {
  const { daysAgo, ...rest } = fields;
  return {
    ...rest,
    pfpUrl: avatarPath(rest.discordUsername),
    ...(daysAgo === undefined ? {} : { lastActive: BASE - daysAgo * DAY_MS }),
  };
}

export const TEAM_MEMBERS: TeamMemberSeed[] = [
  member({
    name: 'Ash',
    role: 'Lead Designer',
    specialty: 'Logos, Banners, Emojis, Discord Server Setup',
    discordUsername: 'ashgfx',
    bannerUrl: '/banners/1.svg',
    quote: 'A good logo should still work at 16 pixels.',
    daysAgo: 0,
  }),
  member({
    name: 'Mirage',
    role: 'Senior Designer',
    specialty: 'Banners, Photography Editing',
    discordUsername: 'miragefx',
    bannerUrl: '/banners/2.svg',
    quote: '',
    daysAgo: 2,
  }),
  member({
    name: 'Rook',
    role: 'Designer',
    specialty: 'Logos, Emojis',
    discordUsername: 'pixelrook',
    bannerUrl: '',
    daysAgo: 5,
  }),
  member({
    name: 'Vale',
    role: 'Designer',
    specialty: 'Photography Editing, Banners',
    discordUsername: 'lunavale',
    bannerUrl: '/banners/3.svg',
    quote: 'Lighting makes the shot.',
    daysAgo: 1,
  }),
  member({
    name: 'Hex',
    role: 'Senior Designer',
    specialty: 'Logos, Banners, Uniforms',
    discordUsername: 'zerohex',
    bannerUrl: '',
    quote: '',
    daysAgo: 3,
  }),
  member({
    name: 'Sunny',
    role: 'Designer',
    specialty: 'Emojis, Banners',
    discordUsername: 'sunnydraws',
    bannerUrl: '/banners/4.svg',
  }),
  member({
    name: 'Marshal',
    role: 'Lead Designer',
    specialty: 'Uniforms, Liveries',
    discordUsername: 'marshalco',
    bannerUrl: '/banners/5.svg',
    quote: 'Every patch and stripe tells the rank.',
    daysAgo: 0,
  }),
  member({
    name: 'Tailor',
    role: 'Senior Designer',
    specialty: 'Uniforms',
    discordUsername: 'tailorbyte',
    bannerUrl: '',
    daysAgo: 4,
  }),
  member({
    name: 'Blueline',
    role: 'Designer',
    specialty: 'Uniforms, Liveries',
    discordUsername: 'bluelinedsgn',
    bannerUrl: '/banners/6.svg',
    quote: '',
    daysAgo: 6,
  }),
  member({
    name: 'Crest',
    role: 'Designer',
    specialty: 'Uniforms',
    discordUsername: 'crestfall',
    bannerUrl: '',
    daysAgo: 12,
  }),
  member({
    name: 'Siren',
    role: 'Lead Designer',
    specialty: 'Liveries, Photography Editing',
    discordUsername: 'sirenworks',
    bannerUrl: '/banners/7.svg',
    quote: 'If it looks right at 80 mph, it is right.',
    daysAgo: 1,
  }),
  member({
    name: 'Chrome',
    role: 'Senior Designer',
    specialty: 'Liveries',
    discordUsername: 'chromefox',
    bannerUrl: '',
    quote: '',
    daysAgo: 2,
  }),
  member({
    name: 'Torque',
    role: 'Designer',
    specialty: 'Liveries',
    discordUsername: 'torquee',
    bannerUrl: '/banners/8.svg',
    daysAgo: 9,
  }),
  member({
    name: 'Redlight',
    role: 'Designer',
    specialty: 'Liveries, Banners',
    discordUsername: 'redlightgfx',
    bannerUrl: '',
  }),
  member({
    name: 'Nova',
    role: 'Lead Bot Developer',
    specialty: 'Custom Discord Bots, Discord Server Setup, Payment Systems',
    discordUsername: 'novadev',
    bannerUrl: '/banners/9.svg',
    quote: 'Automate the boring parts so staff can focus on people.',
    daysAgo: 0,
  }),
  member({
    name: 'Stack',
    role: 'Lead Server Architect',
    specialty: 'Discord Server Setup, Roles, Permissions',
    discordUsername: 'stackd',
    bannerUrl: '',
    quote: '',
    daysAgo: 3,
  }),
  member({
    name: 'Ember',
    role: 'Designer',
    specialty: 'Discord Server Setup, Emojis',
    discordUsername: 'emberly',
    bannerUrl: '/banners/10.svg',
    daysAgo: 7,
  }),
  member({
    name: 'Circuit',
    role: 'Bot Developer',
    specialty: 'Custom Discord Bots, Ticket Systems',
    discordUsername: 'circuitbots',
    bannerUrl: '',
    quote: 'Ship it, log it, monitor it.',
    daysAgo: 1,
  }),
];
