import { Transform } from 'node:stream';
import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import {
  APPLICATION_MESSAGES,
  detectImageType,
  type ImageContentType,
  MAX_IMAGE_BYTES,
  MAX_IMAGES,
} from '../../../core/applications';
import {
  HONEYPOT_FIELD,
  isHoneypotFilled,
  isHoneypotValueFilled,
} from '../../../core/shared/honeypot';
import {
  type ImageStore,
  type ReceivedFile,
  removeAfterAbort,
  StorageError,
} from '../../../db/image-store';
import { HttpError } from '../../http-errors';
import { type UploadWatch, untilAborted } from './upload-watch';

const ANSWERS_FIELD = 'application';
const IMAGES_FIELD = 'images';

/** The JSON answers (the application field) may be long: 15 answers of 4,000 characters, escaped. */
const MAX_ANSWERS_BYTES = 512 * 1024;

/**
 * The whole request at most: every image at its cap, the answers, and the form's own framing.
 * Checked against Content-Length before reading and counted while reading.
 */
const MAX_REQUEST_BYTES = MAX_IMAGES * MAX_IMAGE_BYTES + MAX_ANSWERS_BYTES + 64 * 1024;

export const MULTIPART_LIMITS = {
  fileSize: MAX_IMAGE_BYTES,
  files: MAX_IMAGES,
  fields: 4,
  parts: MAX_IMAGES + 4,
  fieldSize: MAX_ANSWERS_BYTES,
  fieldNameSize: 100,
  headerPairs: 100,
};

/** An image received whole under the store's pending name, checked, not kept yet. */
export type ReceivedImage = ReceivedFile & { filename: string; contentType: ImageContentType };

export type Submission = {
  answers: unknown;
  /** The caller keeps them (store.keep) or discards them, whatever happens next. */
  images: ReceivedImage[];
  /** True when the honeypot was filled: answer as if stored, store nothing. */
  isBot: boolean;
};

const NOT_AN_IMAGE = 'Only PNG, JPEG, WebP or GIF images are accepted';

const imageError = (status: number, message: string) =>
  new HttpError(status, message, { images: message });
const TOO_LARGE = () => imageError(413, APPLICATION_MESSAGES.imageTooLarge.description);
const TOO_MANY = () => imageError(413, APPLICATION_MESSAGES.tooManyImages.description);
const REQUEST_TOO_LARGE = () =>
  new HttpError(413, 'The application is too large: at most 10 images, each less than 5MB.');

/**
 * Reads a multipart or JSON submission, streaming each image into the store (pending)
 * (never whole in memory); any unreadable input becomes a clear 4xx, and then no file is left.
 * Stopped by `watch` (past the deadline, the client gone), it throws why at once and removes
 * what was stored in the background.
 */
export async function readSubmission(
  request: FastifyRequest,
  store: ImageStore,
  watch: UploadWatch,
): Promise<Submission> {
  if (!request.isMultipart()) {
    return { answers: request.body, images: [], isBot: isHoneypotFilled(request.body) };
  }
  const declared = Number(request.headers['content-length']);
  if (declared > MAX_REQUEST_BYTES) throw REQUEST_TOO_LARGE();
  const images: ReceivedImage[] = [];
  try {
    return await readMultipart(request, store, images, watch);
  } catch (error) {
    const discard = () => Promise.all(images.map((image) => store.discard(image)));
    // A stalled store would keep the 503 waiting: the removal goes on after the answer.
    if (watch.signal.aborted) void removeAfterAbort(discard);
    else await discard();
    throw toClientError(watch.signal.aborted ? watch.signal.reason : error);
  }
}

async function readMultipart(
  request: FastifyRequest,
  store: ImageStore,
  images: ReceivedImage[],
  watch: UploadWatch,
): Promise<Submission> {
  let rawAnswers: string | undefined;
  let isBot = false;
  // The total, counted as it arrives: the caps per part bound it too, this says so at once.
  const budget = { left: MAX_REQUEST_BYTES };
  const parts = request.parts()[Symbol.asyncIterator]();
  try {
    for (;;) {
      // The next part waits for the applicant's bytes: the watch may stop that wait.
      const next = await untilAborted(parts.next(), watch.signal);
      if (next.done) break;
      const part = next.value;
      watch.progress();
      if (part.type === 'file') {
        if (images.length >= MAX_IMAGES) throw TOO_MANY();
        images.push(await receiveImage(part, store, budget, watch));
      } else {
        const value = (part as MultipartValue).value;
        budget.left -= String(value).length;
        if (budget.left < 0) throw REQUEST_TOO_LARGE();
        if (part.valueTruncated) throw new HttpError(413, 'The application answers are too long.');
        if (part.fieldname === HONEYPOT_FIELD) isBot ||= isHoneypotValueFilled(value);
        if (part.fieldname === ANSWERS_FIELD) rawAnswers = String(value);
      }
    }
  } finally {
    // As `for await` would on a throw: the parser lets go of the request.
    parts.return?.(undefined).catch(() => {});
  }
  if (rawAnswers === undefined) {
    if (isBot) return { answers: undefined, images, isBot };
    throw new HttpError(400, `The "${ANSWERS_FIELD}" field with the answers is missing.`);
  }
  let answers: unknown;
  try {
    answers = JSON.parse(rawAnswers);
  } catch {
    if (isBot) return { answers: undefined, images, isBot };
    throw new HttpError(400, 'The application answers must be valid JSON.');
  }
  return { answers, images, isBot: isBot || isHoneypotFilled(answers) };
}

async function receiveImage(
  part: MultipartFile,
  store: ImageStore,
  budget: { left: number },
  watch: UploadWatch,
): Promise<ReceivedImage> {
  if (part.fieldname !== IMAGES_FIELD) {
    part.file.resume();
    throw new HttpError(400, `Unexpected file field "${part.fieldname}".`);
  }
  const check = imageCheck(budget, watch);
  const received = await store.receive(part.file, [check.stream], { signal: watch.signal });
  const contentType = check.contentType();
  if (!contentType) {
    // An empty file: nothing to check the type of.
    await store.discard(received);
    throw imageError(415, NOT_AN_IMAGE);
  }
  return { ...received, filename: cleanFilename(part.filename, contentType), contentType };
}

/**
 * Checks an image as it streams: its type by its first bytes (so a wrong file is refused
 * before the rest arrives), its size against the cap, the request's total against its budget.
 */
function imageCheck(budget: { left: number }, watch: UploadWatch) {
  let head = Buffer.alloc(0);
  let contentType: ImageContentType | null = null;
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      watch.progress();
      size += chunk.byteLength;
      budget.left -= chunk.byteLength;
      // The spec says "less than 5MB", so exactly 5 MB is too large as well.
      if (size >= MAX_IMAGE_BYTES) return done(TOO_LARGE());
      if (budget.left < 0) return done(REQUEST_TOO_LARGE());
      if (!contentType) {
        head = Buffer.concat([head, chunk]);
        // 12 bytes tell every accepted type apart (WebP's is the longest).
        if (head.byteLength >= 12) {
          contentType = detectImageType(head);
          if (!contentType) return done(imageError(415, NOT_AN_IMAGE));
        }
      }
      done(null, chunk);
    },
    flush(done) {
      if (!contentType && head.byteLength > 0) {
        contentType = detectImageType(head);
        if (!contentType) return done(imageError(415, NOT_AN_IMAGE));
      }
      done();
    },
  });
  return { stream, contentType: () => contentType };
}

// Keep the applicant's name for staff, minus path parts and control characters.
function cleanFilename(name: string | undefined, contentType: string): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const printable = Array.from(base)
    .filter((char) => char.charCodeAt(0) >= 0x20 && char.charCodeAt(0) !== 0x7f)
    .join('');
  const cleaned = printable.slice(-100).trim();
  return cleaned || `image.${contentType.split('/')[1]}`;
}

// The multipart plugin's own errors carry codes; busboy's parse errors carry none (they
// would otherwise surface as 500s). A storage failure is ours, not the sender's: it stays a
// StorageError, a 503 with a reference (server/plugins/errors.ts), logged.
function toClientError(error: unknown): unknown {
  if (error instanceof HttpError || error instanceof StorageError) return error;
  const code = (error as { code?: string }).code;
  switch (code) {
    case 'FST_FILES_LIMIT':
      return TOO_MANY();
    case 'FST_REQ_FILE_TOO_LARGE':
      return TOO_LARGE();
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new HttpError(413, 'The form has too many fields.');
    case 'FST_PROTO_VIOLATION':
      return new HttpError(400, 'The form has a field with a forbidden name.');
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return new HttpError(400, 'The application answers must be valid JSON.');
    default:
      return new HttpError(400, 'The upload could not be read. Please try again.');
  }
}
