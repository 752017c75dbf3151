import type { FieldErrors } from '../../../../core/shared/field-errors';

// Errors arrive keyed by the path of their field in the value sent (flattenFieldErrors: "2.title"
// is the third row's title, "0.features.1" the first plan's second feature, "_" the whole
// list), from the browser's check or the server's refusal alike. These find a field's errors.

/** The errors of row `index`, keyed by the rest of their path ("title", "features.2"). */
export function rowErrors(errors: FieldErrors, index: number): FieldErrors {
  const prefix = `${index}.`;
  const mine: FieldErrors = {};
  for (const [path, message] of Object.entries(errors)) {
    if (path.startsWith(prefix)) mine[path.slice(prefix.length)] ??= message;
  }
  return mine;
}

/**
 * The first error of a list typed one item per line (a plan's features): an item's own error
 * says which line ("Line 3: Feature is required"), the list's is said as it is.
 */
export function lineListError(errors: FieldErrors, field: string): string | undefined {
  const found = Object.entries(errors).find(
    ([path]) => path === field || path.startsWith(`${field}.`),
  );
  if (!found) return undefined;
  const [path, message] = found;
  const line = Number(path.slice(field.length + 1));
  return path !== field && Number.isInteger(line) ? `Line ${line + 1}: ${message}` : message;
}
