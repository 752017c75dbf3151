import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import {
  APPLICATION_MESSAGES,
  detectImageType,
  MAX_IMAGE_BYTES,
  MAX_IMAGES,
} from '../../../core/applications';
import {
  HONEYPOT_FIELD,
  isHoneypotFilled,
  isHoneypotValueFilled,
} from '../../../core/shared/honeypot';
import type { NewApplicationImage } from '../../../db/repositories/applications';
import { HttpError } from '../../http-errors';

export const ANSWERS_FIELD = 'application';
export const IMAGES_FIELD = 'images';

/** The JSON answers (the application field) may be long: 15 answers of 4,000 characters, escaped. */
const MAX_ANSWERS_BYTES = 512 * 1024;

export const MULTIPART_LIMITS = {
  fileSize: MAX_IMAGE_BYTES,
  files: MAX_IMAGES,
  fields: 4,
  parts: MAX_IMAGES + 4,
  fieldSize: MAX_ANSWERS_BYTES,
  fieldNameSize: 100,
  headerPairs: 100,
};

export type Submission = {
  answers: unknown;
  images: NewApplicationImage[];
  /** True when the honeypot was filled: answer as if stored, store nothing. */
  isBot: boolean;
};

const NOT_AN_IMAGE = 'Only PNG, JPEG, WebP or GIF images are accepted';

/** Reads a multipart or JSON submission; any unreadable input becomes a clear 4xx. */
export async function readSubmission(request: FastifyRequest): Promise<Submission> {
  if (!request.isMultipart()) {
    return { answers: request.body, images: [], isBot: isHoneypotFilled(request.body) };
  }
  try {
    return await readMultipart(request);
  } catch (error) {
    throw toClientError(error);
  }
}

async function readMultipart(request: FastifyRequest): Promise<Submission> {
  let rawAnswers: string | undefined;
  let isBot = false;
  const images: NewApplicationImage[] = [];
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      images.push(await readImage(part));
    } else {
      const value = (part as MultipartValue).value;
      if (part.valueTruncated) throw new HttpError(413, 'The application answers are too long.');
      if (part.fieldname === HONEYPOT_FIELD) isBot ||= isHoneypotValueFilled(value);
      if (part.fieldname === ANSWERS_FIELD) rawAnswers = String(value);
    }
  }
  if (rawAnswers === undefined) {
    if (isBot) return { answers: undefined, images: [], isBot };
    throw new HttpError(400, `The "${ANSWERS_FIELD}" field with the answers is missing.`);
  }
  let answers: unknown;
  try {
    answers = JSON.parse(rawAnswers);
  } catch {
    if (isBot) return { answers: undefined, images: [], isBot };
    throw new HttpError(400, 'The application answers must be valid JSON.');
  }
  return { answers, images, isBot: isBot || isHoneypotFilled(answers) };
}

async function readImage(part: MultipartFile): Promise<NewApplicationImage> {
  if (part.fieldname !== IMAGES_FIELD) {
    await part.toBuffer().catch(() => undefined);
    throw new HttpError(400, `Unexpected file field "${part.fieldname}".`);
  }
  // Throws the plugin's 413 when the file passes MAX_IMAGE_BYTES.
  const data = await part.toBuffer();
  // The spec says "less than 5MB", so exactly 5 MB is too large as well.
  if (data.byteLength >= MAX_IMAGE_BYTES) {
    throw new HttpError(413, APPLICATION_MESSAGES.imageTooLarge.description);
  }
  const contentType = detectImageType(data);
  if (!contentType) throw new HttpError(415, NOT_AN_IMAGE);
  const filename = cleanFilename(part.filename, contentType);
  return {
    filename,
    contentType,
    data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
  };
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
// would otherwise surface as 500s).
function toClientError(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: string }).code;
  switch (code) {
    case 'FST_FILES_LIMIT':
      return new HttpError(413, APPLICATION_MESSAGES.tooManyImages.description);
    case 'FST_REQ_FILE_TOO_LARGE':
      return new HttpError(413, APPLICATION_MESSAGES.imageTooLarge.description);
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
