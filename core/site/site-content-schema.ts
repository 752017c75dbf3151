import { z } from 'zod';
import { text } from '../shared/text';
import { ICON_NAMES } from './icons';
import { daySchema, PromoBannerSchema } from './promo-schema';
import { SITE_CONTENT_KEYS, type SiteContent, type SiteContentKey } from './site-content';

// What a stored site-content value must be, per key: checked by the dashboard's forms before
// they send, by the staff API when it writes, and again when the server reads (a row that no
// longer fits falls back to the default). Every message names its field in words, because the
// dashboard shows it beside that field (flattenFieldErrors keys it by the field's path).

/** A required field under the one text rule (core/shared/text.ts). */
const required = (label: string, max: number) => text(label, { max, min: 1 });

const icon = z.enum(ICON_NAMES, { error: "Icon: pick one of the site's icons" });

const ServiceCardSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]{1,40}$/, {
    error: 'Link name: 1–40 lowercase letters, digits or dashes',
  }),
  icon,
  title: required('Title', 60),
  description: required('Description', 400),
});

const MAX_PRICE = 10_000_000;
const PricingPlanSchema = z.object({
  title: required('Title', 60),
  price: z
    .number({ error: 'Price: enter a whole number of Robux' })
    .int({ error: 'Price: enter a whole number of Robux' })
    .min(0, { error: 'Price cannot be negative' })
    .max(MAX_PRICE, { error: `Price must be at most ${MAX_PRICE.toLocaleString('en')} R$` }),
  features: z
    .array(required('Feature', 100))
    .min(1, { error: 'List at least one feature' })
    .max(20, { error: 'At most 20 features' }),
  popular: z.boolean({ error: 'Popular must be on or off' }),
});

const StatTileSchema = z.object({
  icon,
  value: required('Value', 20),
  label: required('Label', 40),
});

const StudioSettingsSchema = z.object({
  supportEmail: z.email({
    error: 'Support e-mail: enter an address such as support@yourstudio.com',
  }),
  discordInviteUrl: z.url({
    protocol: /^https$/,
    error: 'Discord invite: a full https:// link such as https://discord.gg/yourstudio',
  }),
  legalLastUpdated: daySchema('Last updated'),
  cardPricePer100Robux: z
    .string()
    .trim()
    .regex(/^\d{1,6}(\.\d{1,2})?$/, {
      error:
        'Card price of 100 R$: an amount such as 1.25 (in the card currency), or empty for none',
    })
    .nullable()
    .optional(),
});

const HeroTextSchema = z.object({
  badge: text('Badge', { max: 60 }),
  headline: required('Headline', 80),
  tagline: required('Line under the headline', 300),
});

const PortfolioSettingsSchema = z.object({
  // As portfolios are keyed (server/routes/portfolios): any stored username, under the text rule.
  defaultUsername: text('Default portfolio', { min: 1, max: 64 }).nullable(),
});

const TicketSettingsSchema = z.object({
  customersMayAskToClose: z.boolean({
    error: 'Customers may ask to close: must be on or off',
  }),
});

/** Ids must be unique: they are anchors (services) and React keys (promos). */
const uniqueIds = <T extends { id: string }>(items: T[]) =>
  new Set(items.map((item) => item.id)).size === items.length;

export const SITE_CONTENT_SCHEMAS = {
  hero: HeroTextSchema,
  promos: z
    .array(PromoBannerSchema)
    .max(10, { error: 'At most 10 promos' })
    .refine(uniqueIds, { error: 'Each promo needs its own id' }),
  services: z
    .array(ServiceCardSchema)
    .min(1, { error: 'Keep at least one service: the home page and the nav list them' })
    .max(12, { error: 'At most 12 services' })
    .refine(uniqueIds, { error: 'Two services have the same link name: give each its own' }),
  pricing: z
    .array(PricingPlanSchema)
    .min(1, { error: 'Keep at least one plan' })
    .max(6, { error: 'At most 6 plans' }),
  stats: z.array(StatTileSchema).max(8, { error: 'At most 8 stats' }),
  settings: StudioSettingsSchema,
  portfolio: PortfolioSettingsSchema,
  tickets: TicketSettingsSchema,
} satisfies { [K in SiteContentKey]: z.ZodType<SiteContent[K]> };

export const SiteContentKeySchema = z.enum(SITE_CONTENT_KEYS, { error: 'Unknown content key' });
