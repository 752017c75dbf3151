import type { z } from 'zod';

/** An error whose message is safe to show to the client, with an HTTP status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fieldErrors?: Record<string, string>,
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
  const fieldErrors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join('.') || '_';
    fieldErrors[field] ??= issue.message;
  }
  throw new HttpError(400, 'Some fields are invalid.', fieldErrors);
}
