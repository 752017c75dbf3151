import { describe, it } from 'vitest';

/** Under CI=true a suite may not skip: a suite that skipped proves nothing. */
export const IN_CI = process.env.CI === 'true';

type Suite = (name: string, body: () => void) => void;

/**
 * `describe` for a suite that needs something the machine may lack (initdb, a Postgres server,
 * the build, the shared spec). `missing` says what is missing, or null when nothing is. Outside
 * CI the suite is skipped with that reason printed; under CI=true it fails, naming it.
 */
export function describeNeeding(missing: string | null): Suite {
  if (missing === null) return describe;
  if (IN_CI) {
    return (name, _body) =>
      describe(name, () => {
        it('has what it needs', () => {
          throw new Error(`${missing}; under CI=true a suite fails rather than skip`);
        });
      });
  }
  console.warn(`Skipped, ${missing}`);
  return describe.skip;
}

/** What a suite that needs a Postgres server lacks without TEST_DATABASE_URL. */
export const POSTGRES_MISSING = process.env.TEST_DATABASE_URL
  ? null
  : 'TEST_DATABASE_URL is not set (a Postgres server to test against)';
