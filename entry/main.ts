import { spawnPgliteWorkerEarly } from '../db/pglite-spawn';
import { compileWebAssemblyWithLiftoffOnly } from './liftoff';
import { holdYoungGeneration } from './young-generation';

// The process entry. V8's young generation is held before any other module loads (loading
// them is part of the start-up burst it would grow for); the process itself is serve.ts.
holdYoungGeneration();
// Without DATABASE_URL in the environment the database is most likely the embedded one: its
// thread starts now, before the configuration and the rest of the code load, and boots while
// they do (decision 039). serve.ts ends it if the configuration names a Postgres server.
if (!process.env.DATABASE_URL) {
  compileWebAssemblyWithLiftoffOnly();
  spawnPgliteWorkerEarly(holdYoungGeneration);
}
await import('./serve');
