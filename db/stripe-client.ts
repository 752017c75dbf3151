import Stripe from 'stripe';
import type { StripeConfig } from '../core/config';

/** Webhooks older than this are refused (Stripe's own default): a replayed capture goes stale. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * The official `stripe` package, pointed at STRIPE_API_URL (Stripe's API; the fake in tests).
 * Stripe retries a failed call itself with the same idempotency key; a short timeout keeps a
 * Discord command inside its 15-minute follow-up window even when Stripe hangs.
 */
export function createStripeClient(config: StripeConfig): Stripe {
  const url = new URL(config.apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(config.secretKey, {
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
    protocol,
    maxNetworkRetries: 1,
    timeout: 10_000,
    telemetry: false,
    appInfo: { name: 'Lunar' },
  });
}

export type { Stripe };
