import { SERVICE_LINKS } from './service-links';
import type { ServiceCard } from './types';

export const SERVICES_HEADING = 'Our Services';

const DESCRIPTIONS: Record<string, string> = {
  'discord-setup':
    'Channels, roles, permissions and ticket systems set up for your ERLC community, ready for members on day one.',
  'logos-graphics':
    'A distinctive logo and matching graphics that make your department or server recognisable at a glance.',
  banners:
    'Server, announcement and recruitment banners in your colours, sized for Discord and Roblox.',
  emojis: 'Custom emoji packs that give your server its own voice, crisp at every size.',
  'photography-editing':
    'In-game screenshots turned into polished promotional shots with lighting, colour and effects.',
  uniforms: 'Roblox uniforms for police, fire, EMS and DOT with badges, patches and rank details.',
  liveries:
    'Vehicle liveries for ERLC patrol cars, engines and utility vehicles that match your department.',
  'discord-bots':
    'Bots built for your server: moderation, tickets, applications, shift logging and more.',
};

/** The home page's service cards (the defaults until Site content saves others). */
export const SERVICE_CARDS: ServiceCard[] = SERVICE_LINKS.map((link) => ({
  ...link,
  description: DESCRIPTIONS[link.id] ?? '',
}));
