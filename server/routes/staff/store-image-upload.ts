import { Transform } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { detectImageType, MAX_IMAGE_BYTES } from '../../../core/applications/image-type';
import type { ImageStore, ReceivedFile } from '../../../db/image-store';
import { HttpError } from '../../http-errors';

// The dashboard's image uploads for the public site (team avatars and banners, portfolio
// project images): one file as multipart (field `image`), at most MAX_IMAGE_BYTES (the
// multipart limit registered in content.ts), its type checked by its bytes, never its name,
// both while it streams into the site's image store (never whole in memory).

const NOT_AN_IMAGE = 'Only PNG, JPEG, WebP or GIF images are accepted';
const TOO_LARGE = 'The image must be smaller than 5 MB';

const notAnImage = () => new HttpError(400, NOT_AN_IMAGE, { image: NOT_AN_IMAGE });
const tooLarge = () => new HttpError(413, TOO_LARGE, { image: TOO_LARGE });

/** Fails the stream as soon as its first bytes are no image's, or it reaches the cap. */
function imageCheck(): Transform {
  let head = Buffer.alloc(0);
  let typed = false;
  let size = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.byteLength;
      if (size >= MAX_IMAGE_BYTES) return done(tooLarge());
      if (!typed) {
        head = Buffer.concat([head, chunk]);
        // 12 bytes tell every accepted type apart (WebP's is the longest).
        if (head.byteLength >= 12) {
          if (!detectImageType(head)) return done(notAnImage());
          typed = true;
        }
      }
      done(null, chunk);
    },
    flush(done) {
      done(typed || detectImageType(head) ? null : notAnImage());
    },
  });
}

/**
 * Streams the uploaded image into `store` and keeps it if `wanted()` still holds once it has
 * arrived (the member or portfolio exists); answers its hash, or null when it was not wanted
 * (then nothing is kept). A clear 400 or 413 when it is missing, no image or too large.
 */
export async function storeImageUpload(
  request: FastifyRequest,
  store: ImageStore,
  wanted: () => Promise<boolean>,
): Promise<string | null> {
  if (!request.isMultipart()) throw new HttpError(400, 'Send the image as multipart/form-data.');
  const part = await request.file();
  if (!part) throw new HttpError(400, 'No image was sent.', { image: 'Choose an image' });
  let file: ReceivedFile;
  try {
    file = await store.receive(part.file, [imageCheck()]);
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw error;
  }
  let kept = false;
  try {
    if (!(await wanted())) return null;
    await store.keep(file);
    kept = true;
    return file.hash;
  } finally {
    if (!kept) await store.discard(file);
  }
}
