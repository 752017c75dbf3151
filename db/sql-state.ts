// What Postgres refused, read off a failed query (postgres.js and PGlite both name the SQLSTATE
// `code`; drizzle puts the driver's error in `cause`): routes answer a few refusals in words
// instead of a 500.

export const FOREIGN_KEY_VIOLATION = '23503';
const UNIQUE_VIOLATION = '23505';

/** The driver's error inside drizzle's wrapping, if there is one with a SQLSTATE. */
function driverError(error: unknown): (Error & Record<string, unknown>) | undefined {
  let current = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const { code } = current as Error & { code?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return current as Error & Record<string, unknown>;
    }
    current = current.cause;
  }
  return undefined;
}

export function sqlStateOf(error: unknown): string | undefined {
  return driverError(error)?.code as string | undefined;
}

/**
 * Whether `error` is Postgres refusing a duplicate of the unique index or constraint `name`
 * (postgres.js names it `constraint_name`, PGlite `constraint`).
 */
export function isUniqueViolation(error: unknown, name: string): boolean {
  const refused = driverError(error);
  return (
    refused?.code === UNIQUE_VIOLATION && (refused.constraint_name ?? refused.constraint) === name
  );
}
