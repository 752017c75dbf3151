import { createHmac, randomBytes } from 'node:crypto';

// Stripe's side of a webhook, for tests and benchmarks (the HTTP API is test/support/
// fake-stripe.ts): the event envelope around an object, and its signature as Stripe signs it:
// `Stripe-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "t.payload" with the endpoint's secret>`.

const unix = () => Math.floor(Date.now() / 1000);

/** A Stripe event around `object`, as the webhook endpoint receives it. */
export function stripeEvent(
  type: string,
  object: unknown,
  eventId = `evt_test_${randomBytes(12).toString('hex')}`,
) {
  return {
    id: eventId,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: unix(),
    data: { object: structuredClone(object) },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

/** The `Stripe-Signature` header Stripe sends with `payload` at `timestamp` (unix seconds). */
export function signStripePayload(payload: string, secret: string, timestamp = unix()): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

/** The request Stripe would make to the endpoint: body and headers, signed with `secret`. */
export function signedWebhook(evt: unknown, secret: string, options: { timestamp?: number } = {}) {
  const payload = JSON.stringify(evt, null, 2);
  return {
    payload,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      'stripe-signature': signStripePayload(payload, secret, options.timestamp),
    },
  };
}

/** Sends `evt` to `url` over HTTP as Stripe does; the endpoint's status. */
export async function deliverWebhook(
  url: string,
  evt: unknown,
  secret: string,
  options: { timestamp?: number } = {},
): Promise<number> {
  const { payload, headers } = signedWebhook(evt, secret, options);
  const response = await fetch(url, { method: 'POST', headers, body: payload });
  return response.status;
}
