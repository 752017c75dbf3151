import { describe, expect, it } from 'vitest';
import { formatRobux, PRICING_BUTTON_LABEL, PRICING_PLANS } from './pricing';

describe('pricing plans', () => {
  it('matches spec §9 exactly', () => {
    expect(PRICING_PLANS).toEqual([
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
    ]);
    expect(PRICING_BUTTON_LABEL).toBe('Get Started');
  });

  it('formats Robux prices with a thousands separator', () => {
    expect(formatRobux(1750)).toBe('1,750 R$');
  });
});
