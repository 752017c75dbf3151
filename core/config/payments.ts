import { z } from 'zod';
import { optionalText } from './fields';

// Automatic payments (docs/decisions/051-payments.md): an Open Cloud key and the experience
// that sells one game pass per order, as `config.roblox`; a Stripe account for card payments,
// as `config.stripe`. Without them, payments are verified by hand as before.

export const paymentVariables = {
  // An Open Cloud API key with game-pass read/write on ROBLOX_UNIVERSE_ID and inventory read.
  ROBLOX_OPEN_CLOUD_API_KEY: optionalText,
  ROBLOX_UNIVERSE_ID: optionalText.refine(
    (value) => value === undefined || /^\d{1,20}$/.test(value),
    {
      message: 'must be the experience’s universe id (digits, from Creator Hub → the experience)',
    },
  ),
  // Roblox's own addresses; tests and proxies point them elsewhere.
  ROBLOX_API_URL: z
    .url({ error: 'must be the Open Cloud base URL, e.g. https://apis.roblox.com' })
    .default('https://apis.roblox.com'),
  ROBLOX_USERS_API_URL: z
    .url({ error: 'must be the users API base URL, e.g. https://users.roblox.com' })
    .default('https://users.roblox.com'),
  // Card payments through Stripe Checkout: the account's secret key and the webhook
  // endpoint's signing secret, together.
  STRIPE_SECRET_KEY: optionalText.refine(
    (value) => value === undefined || /^(sk|rk)_(test|live)_\w+$/.test(value),
    { message: 'must be a Stripe secret key (sk_live_… or sk_test_…, or a restricted rk_…)' },
  ),
  STRIPE_WEBHOOK_SECRET: optionalText.refine(
    (value) => value === undefined || /^whsec_\w+$/.test(value),
    { message: 'must be the webhook endpoint’s signing secret (whsec_…)' },
  ),
  // ISO 4217, lowercase as Stripe writes it; card prices are in this currency.
  CARD_CURRENCY: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z]{3}$/, { error: 'must be a three-letter currency code such as usd or eur' })
    .default('usd'),
  // Stripe's API address; only tests point it elsewhere.
  STRIPE_API_URL: z
    .url({ error: 'must be the Stripe API base URL, e.g. https://api.stripe.com' })
    .default('https://api.stripe.com'),
};

type PaymentVariable = keyof typeof paymentVariables;
type PaymentEnv = z.output<z.ZodObject<typeof paymentVariables>>;

export type StripeConfig = {
  secretKey: string;
  webhookSecret: string;
  /** Lowercase ISO 4217 (`usd`). */
  currency: string;
  apiUrl: string;
};

export type RobloxConfig = {
  apiKey: string;
  universeId: string;
  apiUrl: string;
  usersApiUrl: string;
};

/** Moves the parsed payment variables into `roblox` (undefined without a key and universe). */
export function withPaymentsConfig<T extends PaymentEnv>(
  parsed: T,
): { [K in Exclude<keyof T, PaymentVariable>]: T[K] } & {
  roblox?: RobloxConfig;
  stripe?: StripeConfig;
} {
  const rest: Record<string, unknown> = { ...parsed };
  for (const name of Object.keys(paymentVariables)) delete rest[name];
  const { ROBLOX_OPEN_CLOUD_API_KEY: apiKey, ROBLOX_UNIVERSE_ID: universeId } = parsed;
  const roblox =
    apiKey && universeId
      ? {
          apiKey,
          universeId,
          apiUrl: parsed.ROBLOX_API_URL.replace(/\/+$/, ''),
          usersApiUrl: parsed.ROBLOX_USERS_API_URL.replace(/\/+$/, ''),
        }
      : undefined;
  const { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret } = parsed;
  const stripe =
    secretKey && webhookSecret
      ? {
          secretKey,
          webhookSecret,
          currency: parsed.CARD_CURRENCY,
          apiUrl: parsed.STRIPE_API_URL.replace(/\/+$/, ''),
        }
      : undefined;
  return {
    ...(rest as { [K in Exclude<keyof T, PaymentVariable>]: T[K] }),
    ...(roblox && { roblox }),
    ...(stripe && { stripe }),
  };
}

/**
 * Half a Roblox configuration is refused at start-up: a key without its experience (or the
 * reverse) would leave the studio believing payments are checked when none is.
 */
export function paymentCrossErrors(env: Record<string, string | undefined>): string[] {
  return [...robloxCrossErrors(env), ...stripeCrossErrors(env)];
}

const isSet = (env: Record<string, string | undefined>, name: string) => Boolean(env[name]?.trim());

/** A card key without the webhook's secret could take money it never hears about (or the reverse). */
function stripeCrossErrors(env: Record<string, string | undefined>): string[] {
  const key = isSet(env, 'STRIPE_SECRET_KEY');
  const webhook = isSet(env, 'STRIPE_WEBHOOK_SECRET');
  if (key && !webhook) {
    return [
      'STRIPE_WEBHOOK_SECRET: is required when STRIPE_SECRET_KEY is set: the signing secret (whsec_…) of the webhook endpoint /api/payments/stripe/webhook, so card payments are seen',
    ];
  }
  if (webhook && !key) {
    return [
      'STRIPE_SECRET_KEY: is required when STRIPE_WEBHOOK_SECRET is set: the Stripe secret key (sk_…) that creates the checkouts (or unset both to offer no card payment)',
    ];
  }
  return [];
}

function robloxCrossErrors(env: Record<string, string | undefined>): string[] {
  const set = (name: string) => isSet(env, name);
  const key = set('ROBLOX_OPEN_CLOUD_API_KEY');
  const universe = set('ROBLOX_UNIVERSE_ID');
  if (key && !universe) {
    return [
      'ROBLOX_UNIVERSE_ID: is required when ROBLOX_OPEN_CLOUD_API_KEY is set: the universe id of the experience that sells the game passes',
    ];
  }
  if (universe && !key) {
    return [
      'ROBLOX_OPEN_CLOUD_API_KEY: is required when ROBLOX_UNIVERSE_ID is set: an Open Cloud API key with game-pass and inventory access (or unset both to verify payments by hand)',
    ];
  }
  return [];
}
