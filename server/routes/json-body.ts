import type { FastifyRequest } from 'fastify';
import { HttpError } from '../http-errors';

/** Every public form posts at most this much JSON (schemas bound each field far below it). */
export const FORM_BODY_LIMIT = 256 * 1024;

/**
 * preValidation hook: forms are JSON. Fastify would otherwise hand a text/plain body to the
 * handler as a string and the answer would be a confusing field error.
 */
export async function requireJsonBody(request: FastifyRequest) {
  const type = request.headers['content-type'] ?? '';
  if (!/^application\/json\b/i.test(type)) {
    throw new HttpError(415, 'Send the form as JSON (Content-Type: application/json).');
  }
}
