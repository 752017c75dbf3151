import type { FastifyPluginAsync } from 'fastify';
import { ContactMessageSchema } from '../../../core/contact/schema';
import { isHoneypotFilled } from '../../../core/shared/honeypot';
import { createContactMessagesRepository } from '../../../db/repositories/contact-messages';
import { parseWith } from '../../http-errors';
import { routeRateLimit } from '../../plugins/rate-limit';
import { noticeStoredSubmission } from '../../submission-notice';
import { FORM_BODY_LIMIT, requireJsonBody } from '../json-body';

/** Per address: a visitor writes once or twice; more looks like a script. */
export const CONTACT_RATE_LIMIT = { max: 5, timeWindow: 10 * 60_000 };

const contactRoutes: FastifyPluginAsync = async (app) => {
  const messages = createContactMessagesRepository(app.db);

  app.post(
    '/api/contact',
    {
      bodyLimit: FORM_BODY_LIMIT,
      preValidation: requireJsonBody,
      // Every request counts, a filled honeypot and invalid fields too: the 429 comes first.
      config: {
        rateLimit: routeRateLimit(
          CONTACT_RATE_LIMIT,
          (wait) => `You have sent too many messages. Please try again in ${wait}.`,
        ),
      },
    },
    async (request, reply) => {
      // Answer like a success so the bot has no reason to try again, but store nothing.
      if (isHoneypotFilled(request.body)) return reply.status(201).send({ id: 0 });
      const input = parseWith(ContactMessageSchema, request.body);
      // The message and its delivery to Discord, in one transaction.
      const { id } = await messages.create(input);
      noticeStoredSubmission(request, { id, contactMessage: input });
      return reply.status(201).send({ id });
    },
  );
};

export default contactRoutes;
