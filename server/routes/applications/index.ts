import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ApplicationSchema, applicationReference } from '../../../core/applications';
import { deleteStoredImages } from '../../../db/image-files';
import {
  createApplicationsRepository,
  type NewApplicationImage,
} from '../../../db/repositories/applications';
import { HttpError, parseWith } from '../../http-errors';
import { routeRateLimit } from '../../plugins/rate-limit';
import { noticeStoredSubmission } from '../../submission-notice';
import {
  MULTIPART_LIMITS,
  type ReceivedImage,
  readSubmission,
  type Submission,
} from './read-submission';

/** Per IP: an applicant sends one or two; more looks like a script. */
const APPLICATION_RATE_LIMIT = { max: 5, timeWindow: 10 * 60_000 };

const applicationsRoutes: FastifyPluginAsync = async (app) => {
  // Registered here only, so no other route accepts uploads.
  await app.register(multipart, { limits: MULTIPART_LIMITS });
  const applications = createApplicationsRepository(app.db);
  const images = app.images.applications;

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
      const submission = await readSubmission(request, images);
      let stored: { id: number; type: 'moderator' | 'designer' };
      try {
        stored = await store(request, submission);
      } finally {
        // Whatever was not kept (a bot, invalid answers) leaves no tmp file, before answering.
        await Promise.all(submission.images.map((image) => images.discard(image)));
      }
      // The reference the success screen shows and the Discord message carries.
      return reply
        .status(201)
        .send({ id: stored.id, reference: applicationReference(stored.type, stored.id) });
    },
  );

  /** Stores a submission (its images kept first) and answers its id. */
  async function store(
    request: FastifyRequest,
    submission: Submission,
  ): Promise<{ id: number; type: 'moderator' | 'designer' }> {
    // A bot is answered as if stored (a believable reference too), so it moves on; nothing is kept.
    if (submission.isBot) return { id: fakeId(), type: typeOf(submission.answers) };
    const application = parseWith(ApplicationSchema, submission.answers);
    if (application.type !== 'designer' && submission.images.length > 0) {
      throw new HttpError(400, 'Only designer applications may include portfolio images.');
    }
    // Files first, then the rows that reference them: a row never points at no file. On any
    // failure (the bucket refusing the third image, the insert) the files kept so far go
    // again; what cannot go now (the bucket is down) the orphan sweep takes later.
    let id: number;
    try {
      // At once: with a bucket each keep is a round trip or two, ten in a row add up.
      const kept = await Promise.allSettled(submission.images.map((image) => images.keep(image)));
      const failed = kept.find((result) => result.status === 'rejected');
      if (failed) throw failed.reason;
      ({ id } = await applications.create(application, {
        images: submission.images.map(toNewImage),
      }));
    } catch (error) {
      const hashes = submission.images.map((image) => image.hash);
      await deleteStoredImages(app.db, images, hashes).catch(() => {});
      throw error;
    }
    noticeStoredSubmission(request, { id, application });
    return { id, type: application.type };
  }
};

/** The type a (possibly invalid) submission claims, for a believable fake reference. */
function typeOf(answers: unknown): 'moderator' | 'designer' {
  const type = (answers as { type?: unknown } | null | undefined)?.type;
  return type === 'designer' ? 'designer' : 'moderator';
}

function toNewImage(image: ReceivedImage): NewApplicationImage {
  return {
    filename: image.filename,
    contentType: image.contentType,
    contentHash: image.hash,
    byteSize: image.byteSize,
  };
}

function fakeId(): number {
  return 1000 + Math.floor(Math.random() * 9000);
}

export default applicationsRoutes;
