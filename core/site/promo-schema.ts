import { z } from 'zod';
import { text } from '../shared/text';
import type { PromoBanner } from './promos';

/** A YYYY-MM-DD calendar day; the message names the field, as the dashboard shows it beside it. */
export const daySchema = (label: string) =>
  z.iso.date({ error: `${label}: pick a date (YYYY-MM-DD)` });

/** Optional text: empty means none (a form's blank field). */
const optionalText = (label: string, max: number) =>
  text(label, { max })
    .optional()
    .transform((value) => value || undefined);

/** What a promo must be: real dates, the end not before the start. */
export const PromoBannerSchema = z
  .object({
    id: text('Id', { min: 1, max: 60 }),
    text: text('Text', { min: 1, max: 120 }),
    badge: optionalText('Badge', 30),
    buttonLabel: optionalText('Button label', 30),
    startsOn: daySchema('Starts on'),
    endsOn: daySchema('Ends on'),
  })
  .refine((promo) => promo.startsOn <= promo.endsOn, {
    error: 'Ends on must be the start day or later',
    path: ['endsOn'],
  }) satisfies z.ZodType<PromoBanner>;
