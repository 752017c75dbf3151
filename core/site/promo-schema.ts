import { z } from 'zod';
import type { PromoBanner } from './promos';

const IsoDate = z.iso.date();

/** What a promo in core/site/site.ts must be: real dates, the end not before the start. */
export const PromoBannerSchema = z
  .object({
    id: z.string().min(1),
    text: z.string().min(1),
    badge: z.string().optional(),
    buttonLabel: z.string().optional(),
    startsOn: IsoDate,
    endsOn: IsoDate,
  })
  .refine((promo) => promo.startsOn <= promo.endsOn, {
    error: 'A promo must start on or before the day it ends',
    path: ['endsOn'],
  }) satisfies z.ZodType<PromoBanner>;
