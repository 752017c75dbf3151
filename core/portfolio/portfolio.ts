import { DEFAULT_PORTFOLIO } from './default-profile';
import { ASH_PORTFOLIO } from './profiles';
import type { Portfolio } from './schema';

/** The profiles a new database starts with. */
export const PORTFOLIO_PROFILES: Portfolio[] = [DEFAULT_PORTFOLIO, ASH_PORTFOLIO];
