import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { ApplicationSchema, applicationReference } from '../../../core/applications';
import { createApplicationsRepository } from '../../../db/repositories/applications';
import { HttpError, parseWith } from '../../http-errors';
import { routeRateLimit } from '../../plugins/rate-limit';
import { noticeStoredSubmission } from '../../submission-notice';
import { MULTIPART_LIMITS, readSubmission } from './read-submission';

/** Per IP: an applicant sends one or two; more looks like a script. */
export const APPLICATION_RATE_LIMIT = { max: 5, timeWindow: 10 * 60_000 };

const applicationsRoutes: FastifyPluginAsync = async (app) => {
  // Registered here only, so no other route accepts uploads.
  await app.register(multipart, { limits: MULTIPART_LIMITS });
  const applications = createApplicationsRepository(app.db);

  app.post(
    '/api/applications',
    {
      config: {
        rateLimit: routeRateLimit(
          APPLICATION_RATE_LIMIT,
          (wait) => `Too many applications from your network. Please try again in ${wait}.`,
        ),
      },
    },
    async (request, reply) => {
      const submission = await readSubmission(request);
      if (submission.isBot) {
        // Look accepted so the bot moves on; store nothing.
        const id = fakeId();
        return reply
          .status(201)
          .send({ id, reference: applicationReference(typeOf(submission.answers), id) });
      }
      const application = parseWith(ApplicationSchema, submission.answers);
      if (application.type !== 'designer' && submission.images.length > 0) {
        throw new HttpError(400, 'Only designer applications may include portfolio images.');
      }
      const { id } = await applications.create(application, { images: submission.images });
      noticeStoredSubmission(request, { id, application });
      // The reference the success screen shows and the Discord message carries.
      return reply.status(201).send({ id, reference: applicationReference(application.type, id) });
    },
  );
};

/** The type a (possibly invalid) submission claims, for a believable fake reference. */
function typeOf(answers: unknown): 'moderator' | 'designer' {
  const type = (answers as { type?: unknown } | null | undefined)?.type;
  return type === 'designer' ? 'designer' : 'moderator';
}

function fakeId(): number {
  return 1000 + Math.floor(Math.random() * 9000);
}

export default applicationsRoutes;
