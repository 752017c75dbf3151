/**
 * Whether `error` (or what it wraps: drizzle puts the driver's error in `cause`) is Postgres
 * refusing a duplicate (SQLSTATE 23505) of the unique index or constraint `name`. postgres.js
 * names it `constraint_name`, PGlite `constraint`.
 */
export function isUniqueViolation(error: unknown, name: string): boolean {
  let current = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const { code, constraint_name, constraint } = current as Error & {
      code?: unknown;
      constraint_name?: unknown;
      constraint?: unknown;
    };
    if (code === '23505') return (constraint_name ?? constraint) === name;
    current = current.cause;
  }
  return false;
}
