import type { z } from 'zod';

/** Each field's first problem, keyed by its path ('a.b'; '_' for the whole value). */
export type FieldErrors = Record<string, string>;

/** The one way a zod error becomes field errors: for the server's 400s and the forms alike. */
export function flattenFieldErrors(error: z.ZodError): FieldErrors {
  const fieldErrors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.join('.') || '_';
    fieldErrors[field] ??= issue.message;
  }
  return fieldErrors;
}
