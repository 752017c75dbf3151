import type { FastifyPluginAsync } from 'fastify';
import { ContactMessageSchema } from '../../../core/contact/schema';
import { createContactMessagesRepository } from '../../../db/repositories/contact-messages';
import { HttpError, parseWith } from '../../http-errors';
import { noticeStoredSubmission } from '../../submission-notice';
import { FORM_BODY_LIMIT, requireJsonBody } from '../json-body';

export const CONTACT_RATE_LIMIT = { max: 5, timeWindow: 10 * 60_000 };

/** Hidden field people never see; bots that fill every input give themselves away. */
export const CONTACT_HONEYPOT_FIELD = 'website';

function isHoneypotFilled(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const value = (body as Record<string, unknown>)[CONTACT_HONEYPOT_FIELD];
  return typeof value === 'string' ? value.trim() !== '' : value !== undefined && value !== null;
}

const contactRoutes: FastifyPluginAsync = async (app) => {
  const messages = createContactMessagesRepository(app.db);

  app.post(
    '/api/contact',
    {
      bodyLimit: FORM_BODY_LIMIT,
      preValidation: requireJsonBody,
      config: {
        rateLimit: {
          ...CONTACT_RATE_LIMIT,
          errorResponseBuilder: (_request, context) =>
            new HttpError(
              429,
              `You have sent too many messages. Please try again in ${context.after}.`,
            ),
        },
      },
    },
    async (request, reply) => {
      // Answer like a success so the bot has no reason to try again, but store nothing.
      if (isHoneypotFilled(request.body)) return reply.status(201).send({ id: 0 });
      const input = parseWith(ContactMessageSchema, request.body);
      const { id } = await messages.create(input);
      noticeStoredSubmission(request, { id, contactMessage: input });
      return reply.status(201).send({ id });
    },
  );
};

export default contactRoutes;
