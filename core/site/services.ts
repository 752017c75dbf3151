import type { ServiceCard } from './types';

export const SERVICES_HEADING = 'Our Services';

/**
 * The home page's service cards, and the nav dropdown's services, until Site content saves
 * others (decision 8: each card's id is the anchor the dropdown links to).
 */
export const SERVICE_CARDS: ServiceCard[] = [
  {
    id: 'discord-setup',
    icon: 'discord',
    title: 'Discord Server Setup',
    description:
      'Channels, roles, permissions and ticket systems set up for your ERLC community, ready for members on day one.',
  },
  {
    id: 'logos-graphics',
    icon: 'palette',
    title: 'Logos & Graphics',
    description:
      'A distinctive logo and matching graphics that make your department or server recognisable at a glance.',
  },
  {
    id: 'banners',
    icon: 'image',
    title: 'Banners',
    description:
      'Server, announcement and recruitment banners in your colours, sized for Discord and Roblox.',
  },
  {
    id: 'emojis',
    icon: 'smile',
    title: 'Emojis',
    description: 'Custom emoji packs that give your server its own voice, crisp at every size.',
  },
  {
    id: 'photography-editing',
    icon: 'camera',
    title: 'Photography Editing',
    description:
      'In-game screenshots turned into polished promotional shots with lighting, colour and effects.',
  },
  {
    id: 'uniforms',
    icon: 'shirt',
    title: 'Uniforms',
    description:
      'Roblox uniforms for police, fire, EMS and DOT with badges, patches and rank details.',
  },
  {
    id: 'liveries',
    icon: 'car',
    title: 'Liveries',
    description:
      'Vehicle liveries for ERLC patrol cars, engines and utility vehicles that match your department.',
  },
  {
    id: 'discord-bots',
    icon: 'bot',
    title: 'Custom Discord Bots',
    description:
      'Bots built for your server: moderation, tickets, applications, shift logging and more.',
  },
];
