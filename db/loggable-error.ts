import { DrizzleQueryError } from 'drizzle-orm/errors';
import { stdSerializers } from 'pino';

// A failed query must not put personal data in the logs (names, e-mails, messages). Drizzle's
// error message carries the bound parameters ("Failed query: … params: Jordan,jordan@…"), and a
// Postgres error's message, detail and where can quote the offending value ("Key (email)=(…)"),
// so a database error is logged by its shape only: the SQL text (placeholders, no values), the
// SQLSTATE code and the names of the table, column and constraint involved.

type SerializedError = Record<string, unknown>;

const DRIVER_FIELDS = ['code', 'severity', 'routine', 'schema_name', 'table_name'] as const;
const NAME_FIELDS = ['column_name', 'constraint_name', 'table', 'column', 'constraint'] as const;

/** Quoted values in a Postgres message ("invalid input syntax for type integer: "abc"") go. */
function redactMessage(message: string): string {
  return message.replace(/"[^"]*"/g, '"…"').replace(/\(([^)]*)\)=\(([^)]*)\)/g, '(…)=(…)');
}

function findQueryError(error: unknown): DrizzleQueryError | undefined {
  let current = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    if (current instanceof DrizzleQueryError) return current;
    current = current.cause;
  }
  return undefined;
}

/** Postgres errors (postgres.js, PGlite) carry a SQLSTATE code and a severity. */
function isDriverError(error: unknown): error is Error {
  if (!(error instanceof Error)) return false;
  const { code, severity } = error as Error & { code?: unknown; severity?: unknown };
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && typeof severity === 'string';
}

/** The driver's error behind a failed query: postgres.js and PGlite both name `code`. */
function describeCause(cause: unknown): SerializedError | undefined {
  if (!(cause instanceof Error)) return undefined;
  const described: SerializedError = {
    type: cause.name,
    message: redactMessage(cause.message),
  };
  for (const field of [...DRIVER_FIELDS, ...NAME_FIELDS]) {
    const value = (cause as unknown as Record<string, unknown>)[field];
    if (typeof value === 'string' && value !== '') described[field] = value;
  }
  return described;
}

/**
 * pino's `err` serializer for every logger of the process: database errors by their shape,
 * anything else as pino would.
 */
export function serializeLoggedError(error: unknown): unknown {
  const queryError = findQueryError(error);
  if (!queryError) {
    // A driver error thrown without drizzle around it (a raw query): same shape, no values.
    if (isDriverError(error)) return describeCause(error);
    return error instanceof Error ? stdSerializers.err(error) : error;
  }
  const cause = describeCause(queryError.cause);
  return {
    type: 'DrizzleQueryError',
    message: 'Failed query (parameters not logged)',
    query: queryError.query,
    ...(typeof cause?.code === 'string' && { code: cause.code }),
    ...(cause && { cause }),
    // The stack starts with the message, parameters and all (over several lines when a value
    // holds line breaks): only the frames are kept.
    stack: queryError.stack
      ?.split('\n')
      .filter((line) => /^\s+at /.test(line))
      .join('\n'),
  };
}
