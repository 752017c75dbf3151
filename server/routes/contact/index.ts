import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { type ContactMessage, ContactMessageSchema } from '../../../core/contact/schema';
import { isHoneypotFilled } from '../../../core/shared/honeypot';
import { createContactMessagesRepository } from '../../../db/repositories/contact-messages';
import { createRateLimitRepository } from '../../../db/repositories/rate-limits';
import { parseWith } from '../../http-errors';
import { type ExplainLimit, enforceRouteLimit, routeLimitKey } from '../../plugins/rate-limit';
import { noticeStoredSubmission } from '../../submission-notice';
import { FORM_BODY_LIMIT, requireJsonBody } from '../json-body';

export const CONTACT_RATE_LIMIT = { max: 5, timeWindow: 10 * 60_000 };
const explainLimit: ExplainLimit = (wait) =>
  `You have sent too many messages. Please try again in ${wait}.`;

/**
 * The form counts its own per-address limit, in the statement that stores the message and its
 * delivery (one round trip, one commit) instead of the rate-limit plugin's separate upsert
 * (decision 027). Every request that reaches the handler counts, as with the plugin: a filled
 * honeypot and invalid fields too, and the 429 still comes before the 400.
 */
const contactRoutes: FastifyPluginAsync = async (app) => {
  const messages = createContactMessagesRepository(app.db);
  const limits = createRateLimitRepository(app.db);

  /** Counts a request that stores nothing; throws the 429 when over the limit. */
  async function countOnly(request: FastifyRequest, reply: FastifyReply) {
    const count = await limits.hit(routeLimitKey(request), CONTACT_RATE_LIMIT.timeWindow);
    enforceRouteLimit(reply, CONTACT_RATE_LIMIT, count, explainLimit);
  }

  app.post(
    '/api/contact',
    { bodyLimit: FORM_BODY_LIMIT, preValidation: requireJsonBody },
    async (request, reply) => {
      // Answer like a success so the bot has no reason to try again, but store nothing.
      if (isHoneypotFilled(request.body)) {
        await countOnly(request, reply);
        return reply.status(201).send({ id: 0 });
      }
      let input: ContactMessage;
      try {
        input = parseWith(ContactMessageSchema, request.body);
      } catch (error) {
        await countOnly(request, reply);
        throw error;
      }
      const { id, count } = await messages.createWithinLimit(input, {
        key: routeLimitKey(request),
        max: CONTACT_RATE_LIMIT.max,
        windowMs: CONTACT_RATE_LIMIT.timeWindow,
      });
      enforceRouteLimit(reply, CONTACT_RATE_LIMIT, count, explainLimit);
      if (id === null) throw new Error('a message within the limit was not stored');
      noticeStoredSubmission(request, { id, contactMessage: input });
      return reply.status(201).send({ id });
    },
  );
};

export default contactRoutes;
