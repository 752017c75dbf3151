import { DEFAULT_PORTFOLIO, DEFAULT_PORTFOLIO_USERNAME } from './default-profile';
import { ASH_PORTFOLIO } from './profiles';
import type { PortfolioProfile } from './types';

export { DEFAULT_PORTFOLIO, DEFAULT_PORTFOLIO_USERNAME } from './default-profile';
export { ASH_PORTFOLIO } from './profiles';

export const PORTFOLIO_PROFILES: PortfolioProfile[] = [DEFAULT_PORTFOLIO, ASH_PORTFOLIO];

/**
 * Spec §2: an unknown username falls back to the default profile rather than a 404.
 * `fallbackUsername` is the configured {name} (decision 11).
 */
export function findPortfolio(
  username: string,
  fallbackUsername: string = DEFAULT_PORTFOLIO_USERNAME,
  profiles: PortfolioProfile[] = PORTFOLIO_PROFILES,
): PortfolioProfile {
  const wanted = username.toLowerCase();
  return (
    profiles.find((p) => p.username.toLowerCase() === wanted) ??
    profiles.find((p) => p.username === fallbackUsername) ??
    DEFAULT_PORTFOLIO
  );
}
