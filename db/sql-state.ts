// The SQLSTATE of a failed query (postgres.js and PGlite both name it `code`), looked up through
// drizzle's wrapping errors: routes answer a few of them in words instead of a 500.

export const FOREIGN_KEY_VIOLATION = '23503';

export function sqlStateOf(error: unknown): string | undefined {
  let current = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const { code } = current as Error & { code?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = current.cause;
  }
  return undefined;
}
