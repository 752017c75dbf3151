import { z } from 'zod';

// Promos carry the days they run (decision 0XX-promo-dates): a promo shows from `startsOn`
// through `endsOn`, both inclusive, judged by the date in UTC, the studio's zone.

const IsoDate = z.iso.date();

export const PromoBannerSchema = z
  .object({
    id: z.string().min(1),
    text: z.string().min(1),
    badge: z.string().optional(),
    /** Decision 9: the button opens the Discord invite in a new tab. */
    buttonLabel: z.string().optional(),
    /** First day shown, YYYY-MM-DD (UTC). */
    startsOn: IsoDate,
    /** Last day shown, YYYY-MM-DD (UTC), inclusive. */
    endsOn: IsoDate,
  })
  .refine((promo) => promo.startsOn <= promo.endsOn, {
    error: 'A promo must start on or before the day it ends',
    path: ['endsOn'],
  });

export type PromoBanner = z.output<typeof PromoBannerSchema>;

/** Validates the content at load: a typo in a date fails every test, not silently on the site. */
export function definePromos(promos: z.input<typeof PromoBannerSchema>[]): PromoBanner[] {
  return z.array(PromoBannerSchema).parse(promos);
}

/** The UTC calendar day of `now`, YYYY-MM-DD. */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** The promos running on `today` (YYYY-MM-DD), in content order. */
export function activePromos(promos: readonly PromoBanner[], today: string): PromoBanner[] {
  return promos.filter((promo) => promo.startsOn <= today && today <= promo.endsOn);
}
