import { defineConfig } from 'vitest/config';
import { BrowserInterleavingSequencer } from './test/support/browser-interleaving-sequencer';

// Three projects: `unit` (pure code, beside the source), `integration` (database, server, bot;
// in test/), `browser` (Chromium against the built site; in test/browser/).
export default defineConfig({
  test: {
    root: '.',
    pool: 'forks',
    maxWorkers: 2,
    // Browser files run beside the others, not in a group of their own at the end.
    sequence: { sequencer: BrowserInterleavingSequencer },
    globalSetup: ['test/support/pglite-template.ts'],
    // As production runs PGlite (entry/database.ts): its WebAssembly compiled once, by Liftoff.
    execArgv: ['--liftoff-only'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{core,db,server,bot,entry,web}/**/*.test.{ts,tsx}'],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/**/*.test.ts'],
          exclude: ['test/browser/**'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
