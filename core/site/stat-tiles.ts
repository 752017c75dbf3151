import type { StatTile } from './types';

// The home page's stats (the default until Site content saves others); out of site.ts so the
// shell every page loads does not carry them.
export const STAT_TILES: StatTile[] = [
  { icon: 'users', value: '500+', label: 'Happy Clients' },
  { icon: 'trophy', value: '1000+', label: 'Projects Completed' },
  { icon: 'star', value: '100%', label: 'Satisfaction' },
  { icon: 'clock', value: '24/7', label: 'Support' },
];
