import type { FastifyRequest } from 'fastify';
import { detectImageType } from '../../../core/applications/image-type';
import { HttpError } from '../../http-errors';

// The dashboard's image uploads for the public site (team avatars and banners, portfolio
// project images): one file as multipart (field `image`), at most MAX_IMAGE_BYTES (the
// multipart limit registered in content.ts), its type checked by its bytes, never its name.

const NOT_AN_IMAGE = 'Only PNG, JPEG, WebP or GIF images are accepted';
const TOO_LARGE = 'The image must be smaller than 5 MB';

/** The uploaded image's bytes; a clear 400 (or 413) when it is missing, too large or no image. */
export async function readImageUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new HttpError(400, 'Send the image as multipart/form-data.');
  const file = await request.file();
  if (!file) throw new HttpError(400, 'No image was sent.', { image: 'Choose an image' });
  let bytes: Buffer;
  try {
    bytes = await file.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new HttpError(413, TOO_LARGE, { image: TOO_LARGE });
    }
    throw error;
  }
  if (!detectImageType(bytes)) throw new HttpError(400, NOT_AN_IMAGE, { image: NOT_AN_IMAGE });
  return bytes;
}
