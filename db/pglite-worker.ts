import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pgliteExtensions } from './pglite-extensions';
import {
  decodeQueryOptions,
  encodeError,
  type OpenRequest,
  type Reply,
  type Request,
  type WorkerData,
} from './pglite-protocol';

// The thread that runs PGlite (db/pglite-thread.ts starts it). PGlite executes each query
// synchronously inside WebAssembly; here that blocks this thread, not the event loop that
// serves requests. PGlite has one connection, so work runs one job at a time, in two lanes:
// health pings first, then everything else in arrival order. A transaction is one job from
// BEGIN to COMMIT/ROLLBACK: nothing else runs inside it, only its own queries, which the
// main thread tags with its id and waits for blocked (answered on `transactionPort`).
// docs/decisions/029-pglite-worker-thread.md

if (!parentPort)
  throw new Error('db/pglite-worker.ts runs as a worker thread (db/pglite-thread.ts)');
const port = parentPort;
const { transactionPort, signal } = workerData as WorkerData;

type Job = () => Promise<void>;
const urgent: Job[] = [];
const normal: Job[] = [];
let running = false;

const transactions = new Map<
  number,
  { tx: Transaction; end: (requestId: number, commit: boolean) => void }
>();
let nextTransaction = 1;
const listeners = new Map<number, () => Promise<void>>();

const send = (reply: Reply) => port.postMessage(reply);
/** An answer to a transaction's own query, which the main thread waits for, blocked. */
const sendInTransaction = (reply: Reply) => {
  transactionPort.postMessage(reply);
  Atomics.store(signal, 0, 1);
  Atomics.notify(signal, 0);
};

let turnPending = false;
/** When the transaction holding PGlite began; null while none does. */
let transactionSince: number | null = null;
// Longer than any transaction here takes; one open longer holds every other query up.
const STUCK_TRANSACTION_MS = 5000;

/**
 * A ping read while a transaction holds PGlite arrives between that transaction's statements
 * (a statement runs synchronously: no message is read during one), so the database has just
 * answered and waits for its caller, the main thread. The ping is answered at once rather
 * than after the transaction: a `select 1` cannot run inside someone else's transaction, and
 * waiting would make the health check as slow as the busiest caller's event loop. Only a
 * transaction open for seconds, which holds everything else up, makes the ping wait (and the
 * health check time out).
 */
function transactionIsYoung(): boolean {
  return transactionSince !== null && Date.now() - transactionSince < STUCK_TRANSACTION_MS;
}

function schedule(job: Job, lane: Job[] = normal): void {
  lane.push(job);
  nextTurn();
}

/**
 * Jobs start from setImmediate, never from the message that brings them: a job runs
 * synchronously (WebAssembly), so starting it at once would run every query in the order its
 * message arrived and no queue would ever form. Deferred, each turn of this thread's event
 * loop first reads every message waiting (pings among them), then runs the most urgent job.
 */
function nextTurn(): void {
  if (running || turnPending) return;
  turnPending = true;
  setImmediate(runNext);
}

function runNext(): void {
  turnPending = false;
  const job = urgent.shift() ?? normal.shift();
  if (!job) return;
  running = true;
  job().finally(() => {
    running = false;
    nextTurn();
  });
}

/** A job answering request `id` with what `work` resolves to (or its error). */
function answer(id: number, work: () => Promise<unknown>, reply = send): Job {
  return async () => {
    try {
      reply({ kind: 'result', id, value: await work() });
    } catch (error) {
      reply({ kind: 'error', id, error: encodeError(error) });
    }
  };
}

/**
 * Holds one PGlite transaction open until the main thread ends it: the job's promise settles
 * when PGlite has committed (or rolled back), and only then does the next job start.
 */
function begin(id: number, pg: PGlite): Job {
  return async () => {
    const txId = nextTransaction++;
    const rollback = new Error('rolled back by the caller');
    let endId: number | undefined;
    try {
      await pg.transaction(async (tx) => {
        transactionSince = Date.now();
        const commit = await new Promise<boolean>((resolve) => {
          transactions.set(txId, {
            tx,
            end: (requestId, decision) => {
              endId = requestId;
              resolve(decision);
            },
          });
          send({ kind: 'result', id, value: txId });
        });
        if (!commit) throw rollback;
      });
      sendInTransaction({ kind: 'result', id: endId as number, value: null });
    } catch (error) {
      if (endId === undefined) send({ kind: 'error', id, error: encodeError(error) });
      else if (error === rollback) sendInTransaction({ kind: 'result', id: endId, value: null });
      else sendInTransaction({ kind: 'error', id: endId, error: encodeError(error) });
    } finally {
      transactionSince = null;
      transactions.delete(txId);
    }
  };
}

function handle(request: Request, pg: PGlite): void {
  switch (request.op) {
    case 'query':
    case 'exec': {
      const run = (target: PGlite | Transaction) =>
        request.op === 'query'
          ? target.query(request.sql, request.params, decodeQueryOptions(request.options))
          : target.exec(request.sql);
      if (request.tx === undefined) {
        schedule(answer(request.id, () => run(pg)));
        return;
      }
      const open = transactions.get(request.tx);
      // Inside its transaction: straight away (the transaction is the running job).
      void answer(
        request.id,
        async () => {
          if (!open) throw new Error(`PGlite worker: transaction ${request.tx} is not open`);
          return run(open.tx);
        },
        sendInTransaction,
      )();
      return;
    }
    case 'begin':
      schedule(begin(request.id, pg));
      break;
    case 'end': {
      const open = transactions.get(request.tx);
      if (!open) {
        sendInTransaction({
          kind: 'error',
          id: request.id,
          error: { message: 'no such transaction', fields: {} },
        });
        return;
      }
      open.end(request.id, request.commit);
      return;
    }
    case 'ping':
      if (transactionIsYoung()) {
        send({ kind: 'result', id: request.id, value: null });
        break;
      }
      schedule(
        answer(request.id, async () => {
          await pg.query('select 1');
          return null;
        }),
        urgent,
      );
      break;
    case 'listen':
      schedule(
        answer(request.id, async () => {
          const { listener } = request;
          const stop = await pg.listen(request.channel, (payload) =>
            send({ kind: 'notify', listener, payload }),
          );
          listeners.set(listener, stop);
          return null;
        }),
      );
      break;
    case 'unlisten':
      schedule(
        answer(request.id, async () => {
          const stop = listeners.get(request.listener);
          listeners.delete(request.listener);
          await stop?.();
          return null;
        }),
      );
      break;
    case 'close':
      // After the work queued before it; then the port closes and the thread ends.
      schedule(async () => {
        await answer(request.id, async () => {
          await pg.close();
          return null;
        })();
        port.close();
      });
  }
}

// The thread may start before its process knows where the data is (db/pglite-spawn.ts): the
// database opens on the first message. Requests come only after the answer.
port.once('message', async ({ options }: OpenRequest) => {
  try {
    const config = { postgresqlconf: options.postgresqlconf, extensions: pgliteExtensions };
    const pg = options.dataDir ? new PGlite(options.dataDir, config) : new PGlite(config);
    await pg.waitReady;
    port.on('message', (request: Request) => handle(request, pg));
    send({ kind: 'ready' });
  } catch (error) {
    send({ kind: 'failed', error: encodeError(error) });
  }
});
