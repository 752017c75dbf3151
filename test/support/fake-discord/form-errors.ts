import { HttpError, INVALID_FORM_BODY } from './errors';

// Discord's 50035 "Invalid Form Body" answers name every broken field by its path, with an
// upper-case code and a sentence: { options: { 2: { _errors: [{ code, message }] } } }.
export interface FieldIssue {
  path: Array<string | number>;
  code: string;
  message: string;
}

export type Json = Record<string, unknown>;

export function asObject(value: unknown): Json {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
}

/** Discord counts code points, not UTF-16 units: one emoji is one character. */
export function countChars(value: unknown): number {
  return typeof value === 'string' ? [...value].length : 0;
}

export function checkMax(
  issues: FieldIssue[],
  path: FieldIssue['path'],
  value: unknown,
  max: number,
) {
  if (countChars(value) > max) {
    issues.push({
      path,
      code: 'BASE_TYPE_MAX_LENGTH',
      message: `Must be ${max} or fewer in length.`,
    });
  }
}

export function checkRequired(issues: FieldIssue[], path: FieldIssue['path'], value: unknown) {
  if (typeof value !== 'string' || value.trim() === '') {
    issues.push({ path, code: 'BASE_TYPE_REQUIRED', message: 'This field is required' });
  }
}

export function checkCount(
  issues: FieldIssue[],
  path: FieldIssue['path'],
  list: unknown,
  max: number,
) {
  if (Array.isArray(list) && list.length > max) {
    issues.push({
      path,
      code: 'BASE_TYPE_MAX_LENGTH',
      message: `Must be ${max} or fewer in length.`,
    });
  }
}

/** A required string of `min`–`max` characters (Discord: "Must be between 1 and 100 in length."). */
export function checkBetween(
  issues: FieldIssue[],
  path: FieldIssue['path'],
  value: unknown,
  min: number,
  max: number,
) {
  if (typeof value !== 'string') {
    issues.push({ path, code: 'BASE_TYPE_REQUIRED', message: 'This field is required' });
    return;
  }
  const length = countChars(value);
  if (length < min || length > max) {
    issues.push({
      path,
      code: 'BASE_TYPE_BAD_LENGTH',
      message: `Must be between ${min} and ${max} in length.`,
    });
  }
}

/** An optional integer within `min`–`max` inclusive. */
export function checkIntegerRange(
  issues: FieldIssue[],
  path: FieldIssue['path'],
  value: unknown,
  min: number,
  max: number,
) {
  if (value === undefined || value === null) return;
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    issues.push({ path, code: 'NUMBER_TYPE_COERCE', message: `Value "${value}" is not int.` });
  } else if (value < min) {
    issues.push({
      path,
      code: 'NUMBER_TYPE_MIN',
      message: `Int value should be greater than or equal to ${min}.`,
    });
  } else if (value > max) {
    issues.push({
      path,
      code: 'NUMBER_TYPE_MAX',
      message: `Int value should be less than or equal to ${max}.`,
    });
  }
}

export function checkChoice(
  issues: FieldIssue[],
  path: FieldIssue['path'],
  value: unknown,
  allowed: readonly unknown[],
) {
  if (!allowed.includes(value)) {
    issues.push({
      path,
      code: 'BASE_TYPE_CHOICES',
      message: `Value must be one of {${allowed.join(', ')}}.`,
    });
  }
}

/** Discord nests form errors by path: { embeds: { 0: { title: { _errors: [...] } } } }. */
export function toDiscordErrors(issues: FieldIssue[]): Json {
  const root: Json = {};
  for (const issue of issues) {
    let node = root;
    for (const key of issue.path) {
      const next = asObject(node[String(key)]);
      node[String(key)] = next;
      node = next;
    }
    const list = Array.isArray(node._errors) ? node._errors : [];
    node._errors = [...list, { code: issue.code, message: issue.message }];
  }
  return root;
}

/** Throws Discord's 400 Invalid Form Body for these issues (none: returns). */
export function assertNoIssues(issues: FieldIssue[]): void {
  if (issues.length === 0) return;
  throw new HttpError(
    400,
    { message: 'Invalid Form Body', code: INVALID_FORM_BODY, errors: toDiscordErrors(issues) },
    true,
  );
}
