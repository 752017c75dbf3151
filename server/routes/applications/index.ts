import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ApplicationSchema, applicationReference } from '../../../core/applications';
import { deleteStoredImages } from '../../../db/image-files';
import { removeAfterAbort } from '../../../db/image-store';
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
import { admitUploads } from './upload-slots';
import { type UploadWatch, watchUpload } from './upload-watch';

/** Per IP: an applicant sends one or two; more looks like a script. */
const APPLICATION_RATE_LIMIT = { max: 5, timeWindow: 10 * 60_000 };

const applicationsRoutes: FastifyPluginAsync = async (app) => {
  // Registered here only, so no other route accepts uploads.
  await app.register(multipart, { limits: MULTIPART_LIMITS });
  const applications = createApplicationsRepository(app.db);
  const images = app.images.applications;
  const deadlineMs = app.config.UPLOAD_DEADLINE_SECONDS * 1000;

  app.post(
    '/api/applications',
    {
      config: {
        rateLimit: routeRateLimit(
          APPLICATION_RATE_LIMIT,
          (wait) => `Too many applications from your network. Please try again in ${wait}.`,
        ),
      },
      // Before the body is read: a refused upload costs nothing.
      onRequest: admitUploads(app.config.MAX_CONCURRENT_UPLOADS),
    },
    async (request, reply) => {
      const watch = watchUpload(reply, deadlineMs);
      let stored: { id: number; type: 'moderator' | 'designer' };
      try {
        const submission = await readSubmission(request, images, watch);
        const discard = () => Promise.all(submission.images.map((image) => images.discard(image)));
        try {
          stored = await store(request, submission, watch);
        } finally {
          // Whatever was not kept (a bot, invalid answers) leaves no tmp file, before answering
          // (after it, when the store stalled: the applicant is not kept waiting for it).
          if (watch.signal.aborted) void removeAfterAbort(discard);
          else await discard();
        }
      } finally {
        watch.stop();
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
    watch: UploadWatch,
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
      const { signal } = watch;
      const kept = await Promise.allSettled(
        submission.images.map((image) => images.keep(image, { signal })),
      );
      const failed = kept.find((result) => result.status === 'rejected');
      if (failed) throw failed.reason;
      // Past the deadline or with the applicant gone, no row; from here the database answers.
      watch.commit();
      ({ id } = await applications.create(application, {
        images: submission.images.map(toNewImage),
      }));
    } catch (error) {
      const hashes = submission.images.map((image) => image.hash);
      const remove = () => deleteStoredImages(app.db, images, hashes);
      // A stalled bucket may also still carry out a copy given up on: removed after it wakes.
      if (watch.signal.aborted) void removeAfterAbort(remove);
      else await remove().catch(() => {});
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
