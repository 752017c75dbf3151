import { describe, expect, it } from 'vitest';
import { parseConfig } from '.';

const KEY = 'a-very-secret-open-cloud-key';

describe('the Roblox payment settings', () => {
  it('leaves payments to verifiers when nothing is set', () => {
    const result = parseConfig({});
    expect(result.ok ? result.config.roblox : result.errors).toBeUndefined();
  });

  it('groups a whole configuration as config.roblox, with Roblox’s addresses by default', () => {
    const result = parseConfig({ ROBLOX_OPEN_CLOUD_API_KEY: KEY, ROBLOX_UNIVERSE_ID: '123456' });
    expect(result.ok && result.config.roblox).toEqual({
      apiKey: KEY,
      universeId: '123456',
      apiUrl: 'https://apis.roblox.com',
      usersApiUrl: 'https://users.roblox.com',
    });
    const local = parseConfig({
      ROBLOX_OPEN_CLOUD_API_KEY: KEY,
      ROBLOX_UNIVERSE_ID: '1',
      ROBLOX_API_URL: 'http://127.0.0.1:9000/',
      ROBLOX_USERS_API_URL: 'http://127.0.0.1:9001',
    });
    expect(local.ok && local.config.roblox?.apiUrl).toBe('http://127.0.0.1:9000');
    expect(local.ok && local.config).not.toHaveProperty('ROBLOX_OPEN_CLOUD_API_KEY');
  });

  it('refuses half a configuration, naming the missing variable and never the key', () => {
    const noUniverse = parseConfig({ ROBLOX_OPEN_CLOUD_API_KEY: KEY });
    expect(noUniverse.ok).toBe(false);
    if (noUniverse.ok) return;
    expect(noUniverse.errors).toEqual([expect.stringMatching(/^ROBLOX_UNIVERSE_ID: is required/)]);
    expect(noUniverse.errors.join('\n')).not.toContain(KEY);

    const noKey = parseConfig({ ROBLOX_UNIVERSE_ID: '123' });
    expect(noKey.ok).toBe(false);
    if (noKey.ok) return;
    expect(noKey.errors).toEqual([
      expect.stringMatching(/^ROBLOX_OPEN_CLOUD_API_KEY: is required/),
    ]);

    const bad = parseConfig({ ROBLOX_OPEN_CLOUD_API_KEY: KEY, ROBLOX_UNIVERSE_ID: 'my-game' });
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.errors.join('\n')).toContain(
      'ROBLOX_UNIVERSE_ID: must be the experience’s universe id',
    );
    expect(bad.errors.join('\n')).not.toContain(KEY);
  });
});

const STRIPE_KEY = 'sk_test_51VerySecretStripeKey';
const WEBHOOK = 'whsec_AlsoVerySecretSigningKey';

describe('the card payment settings', () => {
  it('offers no card payment when nothing is set', () => {
    const result = parseConfig({});
    expect(result.ok ? result.config.stripe : result.errors).toBeUndefined();
  });

  it('groups a whole configuration as config.stripe, in usd on Stripe’s API by default', () => {
    const result = parseConfig({ STRIPE_SECRET_KEY: STRIPE_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK });
    expect(result.ok && result.config.stripe).toEqual({
      secretKey: STRIPE_KEY,
      webhookSecret: WEBHOOK,
      currency: 'usd',
      apiUrl: 'https://api.stripe.com',
    });
    const local = parseConfig({
      STRIPE_SECRET_KEY: STRIPE_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK,
      CARD_CURRENCY: 'EUR',
      STRIPE_API_URL: 'http://127.0.0.1:9100/',
    });
    expect(local.ok && local.config.stripe).toMatchObject({
      currency: 'eur',
      apiUrl: 'http://127.0.0.1:9100',
    });
    expect(local.ok && local.config).not.toHaveProperty('STRIPE_SECRET_KEY');
  });

  it('refuses half a configuration, naming the missing variable and never a secret', () => {
    const noWebhook = parseConfig({ STRIPE_SECRET_KEY: STRIPE_KEY });
    expect(noWebhook.ok).toBe(false);
    if (noWebhook.ok) return;
    expect(noWebhook.errors).toEqual([
      expect.stringMatching(/^STRIPE_WEBHOOK_SECRET: is required/),
    ]);
    expect(noWebhook.errors.join('\n')).not.toContain(STRIPE_KEY);

    const noKey = parseConfig({ STRIPE_WEBHOOK_SECRET: WEBHOOK });
    expect(noKey.ok).toBe(false);
    if (noKey.ok) return;
    expect(noKey.errors).toEqual([expect.stringMatching(/^STRIPE_SECRET_KEY: is required/)]);
    expect(noKey.errors.join('\n')).not.toContain(WEBHOOK);

    const bad = parseConfig({
      STRIPE_SECRET_KEY: 'pk_live_publishable_by_mistake',
      STRIPE_WEBHOOK_SECRET: WEBHOOK,
      CARD_CURRENCY: 'dollars',
    });
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    const text = bad.errors.join('\n');
    expect(text).toContain('STRIPE_SECRET_KEY: must be a Stripe secret key');
    expect(text).toContain('CARD_CURRENCY: must be a three-letter currency code');
    expect(text).not.toContain('pk_live_publishable_by_mistake');
    expect(text).not.toContain(WEBHOOK);
  });
});
