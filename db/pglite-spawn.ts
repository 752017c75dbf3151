import { existsSync } from 'node:fs';
import { MessageChannel, type MessagePort, Worker } from 'node:worker_threads';
import type { WorkerData } from './pglite-protocol';

// Creating PGlite's thread (db/pglite-worker.ts), apart from opening a database on it
// (db/pglite-thread.ts), so that a process can create it before it knows where its data is:
// the thread's own start (Node's bootstrap, PGlite's code) then overlaps the main thread's
// (docs/decisions/039-early-pglite-thread.md). Nothing here may import PGlite or drizzle: this
// module loads before them.

export type SpawnedWorker = {
  worker: Worker;
  /** Where a transaction's own queries are answered (db/pglite-protocol.ts `WorkerData`). */
  transactionPort: MessagePort;
  signal: Int32Array;
  /** What ended the thread before anyone listened to it: its error, or its exit. */
  ended?: Error;
};

/** The compiled build emits the worker beside the code that starts it (dist/server/). */
async function workerEntry(): Promise<URL> {
  const compiled = new URL('./pglite-worker.mjs', import.meta.url);
  if (existsSync(compiled)) return compiled;
  const { compileWorkerFromSources } = await import('./pglite-worker-sources');
  return compileWorkerFromSources();
}

/**
 * A new thread, waiting for its `open` message. `onOnline` runs once the thread's isolate
 * exists (its creation resets process-wide V8 settings the caller may want back:
 * entry/young-generation.ts).
 */
export async function spawnPgliteWorker(onOnline?: () => void): Promise<SpawnedWorker> {
  const { port1, port2 } = new MessageChannel();
  const signal = new Int32Array(new SharedArrayBuffer(4));
  const workerData: WorkerData = { transactionPort: port2, signal };
  const worker = new Worker(await workerEntry(), {
    workerData,
    transferList: [port2],
    // The thread allocates little on its JavaScript heap (PGlite's memory is WebAssembly's):
    // V8's default young generation would add ~15 MB of resident memory for nothing.
    resourceLimits: { maxYoungGenerationSizeMb: 2 },
  });
  if (onOnline) worker.once('online', onOnline);
  const spawned: SpawnedWorker = { worker, transactionPort: port1, signal };
  // Until the database client listens (an early thread may wait for it), an error or an exit
  // is kept for it rather than thrown as an unhandled 'error' event.
  worker.once('error', (error) => {
    spawned.ended ??= error;
  });
  worker.once('exit', (code) => {
    spawned.ended ??= new Error(`the PGlite thread has ended (exit code ${code})`);
  });
  return spawned;
}

let early: Promise<SpawnedWorker> | undefined;

/** Creates the thread the next `takeEarlyPgliteWorker` hands over (entry/main.ts). */
export function spawnPgliteWorkerEarly(onOnline?: () => void): void {
  early = spawnPgliteWorker(onOnline);
  // Whoever takes it awaits it; a failure before then is theirs to report.
  early.catch(() => {});
}

/** The thread created early, once (later calls get undefined). */
export function takeEarlyPgliteWorker(): Promise<SpawnedWorker> | undefined {
  const spawned = early;
  early = undefined;
  return spawned;
}

/** Ends the early thread if nobody took it (the configuration names a Postgres server). */
export async function discardEarlyPgliteWorker(): Promise<void> {
  const spawned = await takeEarlyPgliteWorker()?.catch(() => undefined);
  await spawned?.worker.terminate();
}
