import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A loopback Stripe for tests and benchmarks, written from Stripe's published API reference:
// Checkout Sessions (POST /v1/checkout/sessions, GET …/:id, POST …/:id/expire), Refunds
// (POST /v1/refunds), form-encoded bodies with bracketed keys, `Authorization: Bearer <key>`,
// errors as `{ error: { type, message } }`, and idempotency as Stripe documents it: the same
// `Idempotency-Key` with the same parameters answers the first result again (with
// `Idempotent-Replayed: true`); with other parameters, a 400 `idempotency_error`. Its webhooks,
// signed as Stripe signs them, are test/support/stripe-signature.ts's; `webhookSecret` signs them.

export interface FakeStripeOptions {
  secretKey?: string;
  webhookSecret?: string;
}

export interface FakeSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  url: string | null;
  expires_at: number;
  payment_intent: string | null;
  line_items: { name: string; amount: number; quantity: number }[];
  created: number;
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: 'succeeded';
  reason: string | null;
  metadata: Record<string, string>;
}

type Params = Record<string, unknown>;

/** `a[b][0][c]=1` → { a: { b: { 0: { c: '1' } } } }, as Stripe reads its form bodies. */
function decodeForm(body: string): Params {
  const root: Params = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/\[|\]\[|\]/).filter((part) => part !== '');
    let node = root;
    path.forEach((part, index) => {
      if (index === path.length - 1) node[part] = value;
      else {
        node[part] ??= {};
        node = node[part] as Params;
      }
    });
  }
  return root;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
const unix = () => Math.floor(Date.now() / 1000);

export async function startFakeStripe(options: FakeStripeOptions = {}) {
  const secretKey = options.secretKey ?? 'sk_test_fakeStripeSecretKey0123456789';
  const webhookSecret = options.webhookSecret ?? 'whsec_fakeStripeWebhookSecret0123456789';
  const sessions = new Map<string, FakeSession>();
  const refunds = new Map<string, FakeRefund>();
  /** Idempotency key → the first request's parameters and answer. */
  const idempotent = new Map<string, { params: string; status: number; body: unknown }>();
  const requests: { method: string; path: string; status: number; idempotencyKey?: string }[] = [];
  let outage: number | 'reset' | null = null;

  const send = (res: ServerResponse, status: number, body: unknown, replayed = false) => {
    res.writeHead(status, {
      'content-type': 'application/json',
      'request-id': id('req'),
      ...(replayed && { 'idempotent-replayed': 'true' }),
    });
    res.end(JSON.stringify(body));
  };
  const stripeError = (type: string, message: string, extra: Params = {}) => ({
    error: { type, message, ...extra },
  });

  function createSession(params: Params): [number, unknown] {
    const item = ((params.line_items as Params | undefined)?.['0'] ?? {}) as Params;
    const priceData = (item.price_data ?? {}) as Params;
    const amount = Number(priceData.unit_amount);
    const quantity = Number(item.quantity ?? 1);
    const name = ((priceData.product_data ?? {}) as Params).name;
    const missing = [
      params.mode !== 'payment' && 'mode',
      !params.success_url && 'success_url',
      !(Number.isInteger(amount) && amount > 0) && 'line_items[0][price_data][unit_amount]',
      typeof priceData.currency !== 'string' && 'line_items[0][price_data][currency]',
      typeof name !== 'string' && 'line_items[0][price_data][product_data][name]',
    ].filter(Boolean);
    if (missing.length) {
      return [
        400,
        stripeError('invalid_request_error', `Missing or invalid parameter: ${missing[0]}`, {
          param: missing[0],
        }),
      ];
    }
    const sessionId = id('cs');
    const session: FakeSession = {
      id: sessionId,
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: amount * quantity,
      currency: String(priceData.currency),
      client_reference_id: (params.client_reference_id as string | undefined) ?? null,
      metadata: (params.metadata as Record<string, string> | undefined) ?? {},
      success_url: String(params.success_url),
      cancel_url: String(params.cancel_url ?? ''),
      url: `https://checkout.stripe.com/c/pay/${sessionId}`,
      // Stripe's default: 24 hours.
      expires_at: Number(params.expires_at ?? unix() + 24 * 3600),
      payment_intent: null,
      line_items: [{ name: String(name), amount, quantity }],
      created: unix(),
    };
    sessions.set(sessionId, session);
    return [200, session];
  }

  function createRefund(params: Params): [number, unknown] {
    const intent = String(params.payment_intent ?? '');
    const session = [...sessions.values()].find((s) => s.payment_intent === intent);
    if (!session) {
      return [
        404,
        stripeError('invalid_request_error', `No such payment_intent: '${intent}'`, {
          code: 'resource_missing',
          param: 'payment_intent',
        }),
      ];
    }
    const refunded = [...refunds.values()]
      .filter((r) => r.payment_intent === intent)
      .reduce((sum, r) => sum + r.amount, 0);
    const amount =
      params.amount === undefined ? session.amount_total - refunded : Number(params.amount);
    if (amount <= 0 || refunded + amount > session.amount_total) {
      return [
        400,
        stripeError(
          'invalid_request_error',
          `Charge for payment_intent ${intent} has already been refunded.`,
          { code: 'charge_already_refunded' },
        ),
      ];
    }
    const refund: FakeRefund = {
      id: id('re'),
      object: 'refund',
      amount,
      currency: session.currency,
      payment_intent: intent,
      status: 'succeeded',
      reason: (params.reason as string | undefined) ?? null,
      metadata: (params.metadata as Record<string, string> | undefined) ?? {},
    };
    refunds.set(refund.id, refund);
    return [200, refund];
  }

  function route(method: string, path: string, params: Params): [number, unknown] {
    if (method === 'POST' && path === '/v1/checkout/sessions') return createSession(params);
    const expire = path.match(/^\/v1\/checkout\/sessions\/([^/]+)\/expire$/);
    const one = path.match(/^\/v1\/checkout\/sessions\/([^/]+)$/);
    const session = sessions.get(decodeURIComponent((expire ?? one)?.[1] ?? ''));
    if ((expire || one) && !session) {
      return [
        404,
        stripeError('invalid_request_error', 'No such checkout.session', {
          code: 'resource_missing',
        }),
      ];
    }
    if (method === 'GET' && one && session) return [200, session];
    if (method === 'POST' && expire && session) {
      if (session.status !== 'open') {
        return [
          400,
          stripeError(
            'invalid_request_error',
            `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
          ),
        ];
      }
      session.status = 'expired';
      session.url = null;
      return [200, session];
    }
    if (method === 'POST' && path === '/v1/refunds') return createRefund(params);
    return [
      404,
      stripeError('invalid_request_error', `Unrecognized request URL (${method}: ${path}).`),
    ];
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    const key = req.headers['idempotency-key'] as string | undefined;
    const log = (status: number) =>
      requests.push({ method, path: url.pathname, status, ...(key && { idempotencyKey: key }) });
    if (outage === 'reset') {
      log(0);
      req.socket.destroy();
      return;
    }
    if (outage !== null) {
      log(outage);
      return send(res, outage, stripeError('api_error', 'Stripe is having a bad day.'));
    }
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      log(401);
      return send(res, 401, stripeError('invalid_request_error', 'Invalid API Key provided.'));
    }
    const params = decodeForm(method === 'GET' ? url.search.slice(1) : body);
    // Stripe compares the parameters, not their order on the wire.
    const fingerprint = `${method} ${url.pathname} ${[...new URLSearchParams(body)]
      .map(([k, v]) => `${k}=${v}`)
      .sort()
      .join('&')}`;
    if (key && method === 'POST') {
      const first = idempotent.get(key);
      if (first && first.params !== fingerprint) {
        log(400);
        return send(
          res,
          400,
          stripeError(
            'idempotency_error',
            `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          ),
        );
      }
      if (first) {
        log(first.status);
        return send(res, first.status, first.body, true);
      }
    }
    const [status, answer] = route(method, url.pathname, params);
    // Stripe keeps the result of a request that ran (2xx and 4xx alike); a 5xx may be retried.
    if (key && method === 'POST' && status < 500) {
      idempotent.set(key, { params: fingerprint, status, body: structuredClone(answer) });
    }
    log(status);
    send(res, status, answer);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500);
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const apiUrl = `http://127.0.0.1:${port}`;

  return {
    apiUrl,
    secretKey,
    webhookSecret,
    /** What to add to the test configuration. */
    env: {
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_URL: apiUrl,
    },
    sessions,
    refunds,
    requests,
    /** The customer paid the session: it completes, with a payment intent. */
    pay(sessionId: string): FakeSession {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      session.status = 'complete';
      session.payment_status = 'paid';
      session.url = null;
      session.payment_intent = id('pi');
      return structuredClone(session);
    },
    /** The session passes its expiry unpaid. */
    expire(sessionId: string): FakeSession {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      session.status = 'expired';
      session.url = null;
      return structuredClone(session);
    },
    /** A status to answer every call with (503), a dropped connection ('reset'), or null. */
    setOutage(status: number | 'reset' | null) {
      outage = status;
    },
    sessionsFor(orderId: string): FakeSession[] {
      return [...sessions.values()].filter((s) => s.metadata.order_id === orderId);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
