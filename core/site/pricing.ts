import { groupThousands } from '../shared/numbers';
import type { PricingPlan } from './types';

export const PRICING_HEADING = 'Pricing Plans';
export const PRICING_BUTTON_LABEL = 'Get Started';
export const POPULAR_PLAN_BADGE = 'Most Popular';
export const CURRENCY_LABEL = 'R$';

// Spec §9, exact.
export const PRICING_PLANS: PricingPlan[] = [
  {
    title: 'Basic Design',
    price: 750,
    features: [
      '1 Custom Banner',
      '1 Logo Design',
      '2 Revisions',
      '3 Days Delivery',
      '10% Custom Bot Discount',
      '100% Amazing Designers',
    ],
    popular: false,
  },
  {
    title: 'Discord Complete',
    price: 1750,
    features: [
      'Custom Discord Bot',
      'Server Setup',
      '5 Custom Roles',
      '10 Custom Emojis',
      'Source Files',
      'Priority Support',
    ],
    popular: true,
  },
  {
    title: 'Lunar Branding',
    price: 3500,
    features: [
      '15 Custom Banners',
      '3 Logo Designs',
      '15 Custom Emojis',
      'Custom Discord Bot',
      'Unlimited Revisions',
      '24/7 Support',
    ],
    popular: false,
  },
];

export function formatRobux(price: number): string {
  return `${groupThousands(price)} ${CURRENCY_LABEL}`;
}
