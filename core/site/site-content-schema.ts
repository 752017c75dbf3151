import { z } from 'zod';
import { text as limitedText } from '../shared/text';
import { ICON_NAMES } from './icons';
import { PromoBannerSchema } from './promo-schema';
import type { SiteContent, SiteContentKey } from './site-content';

// What a stored site-content value must be, per key: checked when the dashboard writes it and
// again when the server reads it (a row that no longer fits falls back to the default).

/** A required field under the one text rule (core/shared/text.ts). */
const required = (label: string, max: number) => limitedText(label, { max, min: 1 });

const ServiceCardSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]{1,40}$/, { error: 'Id: lowercase letters, digits, dashes' }),
  icon: z.enum(ICON_NAMES),
  title: required('Title', 60),
  description: required('Description', 400),
});

const PricingPlanSchema = z.object({
  title: required('Title', 60),
  price: z.number().int().min(0).max(10_000_000),
  features: z.array(required('Feature', 100)).min(1).max(20),
  popular: z.boolean(),
});

const StatTileSchema = z.object({
  icon: z.enum(ICON_NAMES),
  value: required('Value', 20),
  label: required('Label', 40),
});

/** Ids must be unique: they are anchors (services) and React keys (promos). */
const uniqueIds = <T extends { id: string }>(items: T[]) =>
  new Set(items.map((item) => item.id)).size === items.length;

export const SITE_CONTENT_SCHEMAS = {
  promos: z
    .array(PromoBannerSchema)
    .max(10)
    .refine(uniqueIds, { error: 'Each promo needs its own id' }),
  services: z
    .array(ServiceCardSchema)
    .min(1)
    .max(12)
    .refine(uniqueIds, { error: 'Each service needs its own id' }),
  pricing: z.array(PricingPlanSchema).min(1).max(6),
  stats: z.array(StatTileSchema).max(8),
} satisfies { [K in SiteContentKey]: z.ZodType<SiteContent[K]> };

export const SiteContentKeySchema = z.enum(['promos', 'services', 'pricing', 'stats'], {
  error: 'Unknown content key',
});
