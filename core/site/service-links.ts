import type { ServiceCard } from './types';

// The services' names for the nav dropdown (decision 8: each links to its card's anchor id),
// apart from their descriptions: every page's first load carries the nav, only the home page
// the cards (core/site/services.ts).
export const SERVICE_LINKS: Omit<ServiceCard, 'description'>[] = [
  { id: 'discord-setup', icon: 'discord', title: 'Discord Server Setup' },
  { id: 'logos-graphics', icon: 'palette', title: 'Logos & Graphics' },
  { id: 'banners', icon: 'image', title: 'Banners' },
  { id: 'emojis', icon: 'smile', title: 'Emojis' },
  { id: 'photography-editing', icon: 'camera', title: 'Photography Editing' },
  { id: 'uniforms', icon: 'shirt', title: 'Uniforms' },
  { id: 'liveries', icon: 'car', title: 'Liveries' },
  { id: 'discord-bots', icon: 'bot', title: 'Custom Discord Bots' },
];
