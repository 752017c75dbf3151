import type { z } from 'zod';
import { type FieldErrors, flattenFieldErrors } from '../core/shared/field-errors';

/** An error whose message is safe to show to the client, with an HTTP status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fieldErrors?: FieldErrors,
    /** Sent with the answer (e.g. Retry-After). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

/** Parses input with a shared schema; bad input becomes a 400 listing each field's problem. */
export function parseWith<Schema extends z.ZodType>(
  schema: Schema,
  input: unknown,
): z.infer<Schema> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw new HttpError(400, 'Some fields are invalid.', flattenFieldErrors(result.error));
}

/** "1 minute", "10 minutes": how long a client must wait, rounded up. */
export function describeWait(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** The one 429: `{ message }` like every 4xx, and a Retry-After header. */
export function tooManyRequests(message: string, retryAfterMs: number): HttpError {
  const seconds = String(Math.max(1, Math.ceil(retryAfterMs / 1000)));
  return new HttpError(429, message, undefined, { 'retry-after': seconds });
}
