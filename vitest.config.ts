import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Database and process files queued before each browser file. */
const OTHERS_PER_BROWSER_FILE = 2;

const isBrowserFile = (file: TestSpecification) => file.moduleId.includes('/test/browser/');

/**
 * Orders the run so the browser files run beside the database and process files instead of
 * after all of them: Chromium, often waiting on the page, left part of the machine idle when
 * they ran in a group of their own at the end (the run took 1,294 s that way and 1,218 s
 * interleaved, on the same host). Vitest hands the next file in this order to whichever of its
 * two workers frees first; with one browser file in every three, two Chromiums at once are
 * uncommon. Both kinds are one project (`integration`): vitest starts a new worker whenever
 * the next file belongs to another project, so interleaving two projects re-forked a worker
 * and evaluated every module again for nearly every file.
 */
class BrowserInterleavingSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const browser = sorted.filter(isBrowserFile);
    const others = sorted.filter((file) => !isBrowserFile(file));
    const interleaved: TestSpecification[] = [];
    while (browser.length > 0 || others.length > 0) {
      interleaved.push(...others.splice(0, OTHERS_PER_BROWSER_FILE), ...browser.splice(0, 1));
    }
    return interleaved;
  }
}

/** Unit files that replace a module with vi.mock (see the `unit-mocks` project). */
const MOCKING_UNIT_FILES = ['db/image-store.test.ts'];

// Projects: `unit` (pure code, beside the source; `unit-mocks` for the files that mock a module)
// and `integration` (database, server, bot, process and browser files; in test/).
export default defineConfig({
  test: {
    root: '.',
    pool: 'forks',
    // Each worker process runs file after file instead of a fresh fork per file, and keeps the
    // modules it evaluated for the next file of its project. Tests hold no module state of
    // their own (each builds its app, database and fake Discord); a file that mocks a module
    // runs isolated (`unit-mocks`).
    isolate: false,
    maxWorkers: 2,
    // Browser files run beside the others, not in a group of their own at the end.
    sequence: { sequencer: BrowserInterleavingSequencer },
    globalSetup: [
      'test/support/fresh-build.ts',
      'test/support/pglite-template.ts',
      'test/support/postgres-template.ts',
    ],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{core,db,server,bot,entry,web}/**/*.test.{ts,tsx}'],
          exclude: MOCKING_UNIT_FILES,
        },
      },
      {
        // A file that mocks a module needs a module graph of its own.
        test: { name: 'unit-mocks', include: MOCKING_UNIT_FILES, isolate: true },
      },
      {
        // Database, server, bot and process files (test/), and the browser files (Chromium
        // against the built site; test/browser/), whose pages set the timeouts.
        test: {
          name: 'integration',
          include: ['test/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      // The dashboard's screenshots (docs/dashboard-screenshots/), only when a set is named:
      // `LUNAR_SCREENSHOTS=<label> npm run screenshots`.
      ...(process.env.LUNAR_SCREENSHOTS
        ? [
            {
              test: {
                name: 'screenshots',
                include: ['test/browser/*.shots.ts'],
                testTimeout: 120_000,
                hookTimeout: 120_000,
              },
            },
          ]
        : []),
    ],
  },
});
