import type { FastifyPluginAsync } from 'fastify';
import { OrderIdSchema } from '../../../core/orders';
import { CardUnavailable, createCardPayments } from '../../../db/card-payments';
import { routeRateLimit } from '../../plugins/rate-limit';

// Card payments (docs/decisions/051-payments.md), only when Stripe is configured:
// - the payment embed's "Pay by card" link lands here and is sent on to the order's live
//   Stripe Checkout page, a fresh one when the last expired: the button never goes stale;
// - Stripe's webhook, checked by its signature on the raw body (Stripe sends no Origin, so the
//   CSRF rule does not apply, and no form rate limit: a burst of retries must all be heard).

/** Stripe's events are small; a larger body is no event of ours. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

/** Per address: a customer opens the link a few times; each may make a session. */
const CHECKOUT_RATE_LIMIT = { max: 30, timeWindow: 10 * 60_000 };

/** A bare page for a person who followed the card link (fixed text only: nothing to escape). */
function notice(text: string): string {
  return `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Card payment</title><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5"><h1>Card payment</h1><p>${text}</p><p><a href="/orders">Your orders</a></p></body></html>`;
}

const paymentRoutes: FastifyPluginAsync = async (app) => {
  const { stripe } = app.config;
  if (!stripe) return;
  const cards = createCardPayments({ db: app.db, config: { ...app.config, stripe }, log: app.log });

  app.get<{ Params: { id: string } }>(
    '/api/payments/card/:id/checkout',
    {
      config: {
        rateLimit: routeRateLimit(
          CHECKOUT_RATE_LIMIT,
          (wait) => `Too many card checkouts were opened from here. Please try again in ${wait}.`,
        ),
      },
    },
    async (request, reply) => {
      const id = OrderIdSchema.safeParse(request.params.id);
      reply.header('cache-control', 'no-store');
      let link: Awaited<ReturnType<typeof cards.checkoutLink>> = { status: 'none' };
      try {
        if (id.success) link = await cards.checkoutLink(id.data);
      } catch (error) {
        if (!(error instanceof CardUnavailable)) throw error;
        // A person opened a link: they get a page in words, not JSON (and Retry-After).
        return reply
          .status(503)
          .header('retry-after', '120')
          .type('text/html; charset=utf-8')
          .send(
            notice(
              'Card payment is unavailable for the moment: Stripe did not answer. Please try again in a few minutes, or pay in Robux.',
            ),
          );
      }
      if (link.status === 'open') return reply.redirect(link.url, 303);
      if (link.status === 'paid') {
        return reply.redirect(
          `/orders?order=${encodeURIComponent(request.params.id)}&card=paid`,
          303,
        );
      }
      return reply
        .status(404)
        .type('text/html; charset=utf-8')
        .send(notice('This order has no card payment. Ask your designer in the ticket.'));
    },
  );

  app.register(async (webhook) => {
    // The signature covers the exact bytes Stripe sent: keep them, parse nothing.
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    webhook.post(
      '/api/payments/stripe/webhook',
      { bodyLimit: WEBHOOK_BODY_LIMIT, config: { csrfExempt: true } },
      async (request, reply) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers['stripe-signature'];
        const result = await cards.handleWebhook(
          body,
          typeof signature === 'string' ? signature : undefined,
        );
        return reply
          .status(result.status)
          .send({ received: result.status === 200, message: result.message });
      },
    );
  });
};

export default paymentRoutes;
