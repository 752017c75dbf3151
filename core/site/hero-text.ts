import { HERO, TOP_RATED_BADGE } from './site';

// The hero's words executives edit (Site content → Home page, the `hero` block): the badge
// above the headline, the headline and the line under it. The buttons stay the site's own.

export type HeroText = {
  badge: string;
  headline: string;
  tagline: string;
};

/** The built-in words, shown until an executive saves the block. */
export const HERO_TEXT: HeroText = {
  badge: TOP_RATED_BADGE,
  headline: HERO.headline,
  tagline: HERO.tagline,
};
