// Promos carry the days they run (decision 018-promo-dates): a promo shows from `startsOn`
// through `endsOn`, both inclusive, judged by the date in UTC, the studio's zone. No zod here:
// the navigation bar's bundle reads this; PromoBannerSchema (promo-schema.ts) checks the
// content in a unit test.

export type PromoBanner = {
  id: string;
  text: string;
  badge?: string;
  /** Decision 9: the button opens the Discord invite in a new tab. */
  buttonLabel?: string;
  /** First day shown, YYYY-MM-DD (UTC). */
  startsOn: string;
  /** Last day shown, YYYY-MM-DD (UTC), inclusive. */
  endsOn: string;
};

/** The UTC calendar day of `now`, YYYY-MM-DD. */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** The promos running on `today` (YYYY-MM-DD), in content order. */
export function activePromos(promos: readonly PromoBanner[], today: string): PromoBanner[] {
  return promos.filter((promo) => promo.startsOn <= today && today <= promo.endsOn);
}
