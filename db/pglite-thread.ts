import { receiveMessageOnPort } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import {
  decodeError,
  encodeQueryOptions,
  type OpenRequest,
  type Reply,
  type Request,
  type WorkerOptions,
} from './pglite-protocol';
import { spawnPgliteWorker, takeEarlyPgliteWorker } from './pglite-spawn';

// PGlite on a thread of its own (db/pglite-worker.ts), so that a burst of queries uses the
// second core instead of stalling every request on the event loop
// (docs/decisions/029-pglite-worker-thread.md). The client below has the surface that
// drizzle-orm/pglite's session calls on a PGlite instance: query(), exec() and transaction()
// with a nested client whose queries run inside that one transaction.

/** A PGlite transaction's client, as drizzle-orm/pglite's session uses it. */
export type PgliteThreadTransaction = {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
};

export type PgliteThread = PgliteThreadTransaction & {
  transaction<T>(fn: (tx: PgliteThreadTransaction) => Promise<T>): Promise<T>;
  /** A `select 1` that runs before any other queued work (not inside a running transaction). */
  ping(): Promise<void>;
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** Closes the database, after the work queued before, and ends the thread. */
  close(): Promise<void>;
};

/**
 * How long a transaction's query may keep the main thread waiting. Far above anything a
 * query here takes (Postgres itself cancels a statement after 15 s, db/client.ts); reached
 * only if the thread died, which it cannot report to a blocked main thread.
 */
const TRANSACTION_QUERY_TIMEOUT_MS = 60_000;

type Call = { resolve: (value: unknown) => void; reject: (error: Error) => void };
// Omit over a union, member by member.
type Message = Request extends infer R ? (R extends Request ? Omit<R, 'id'> : never) : never;

/**
 * Opens the database `options` names on a PGlite thread: the one created early for this
 * process (db/pglite-spawn.ts), or a new one. `onOnline` is for a new thread (see
 * spawnPgliteWorker).
 */
export async function startPgliteThread(
  options: WorkerOptions,
  onOnline?: () => void,
): Promise<PgliteThread> {
  const spawned = await (takeEarlyPgliteWorker() ?? spawnPgliteWorker(onOnline));
  const { worker, transactionPort, signal } = spawned;
  const calls = new Map<number, Call>();
  const listeners = new Map<number, (payload: string) => void>();
  let nextId = 1;
  let failure: Error | null = null;
  let closing: Promise<void> | null = null;

  const fail = (error: Error) => {
    failure ??= error;
    for (const call of calls.values()) call.reject(failure);
    calls.clear();
  };

  const ready = new Promise<void>((resolve, reject) => {
    worker.on('message', (reply: Reply) => {
      switch (reply.kind) {
        case 'ready':
          return resolve();
        case 'failed':
          return reject(decodeError(reply.error));
        case 'notify':
          return listeners.get(reply.listener)?.(reply.payload);
        case 'result':
        case 'error': {
          const call = calls.get(reply.id);
          calls.delete(reply.id);
          // Like in-process PGlite, the database alone does not keep the process alive.
          if (calls.size === 0) worker.unref();
          if (reply.kind === 'result') call?.resolve(reply.value);
          else call?.reject(decodeError(reply.error));
        }
      }
    });
    worker.on('error', (error) => {
      reject(error);
      fail(error);
    });
    worker.on('exit', (code) => {
      const error = new Error(`the PGlite thread has ended (exit code ${code})`);
      reject(error);
      fail(error);
    });
    // An early thread may have ended before anyone listened.
    if (spawned.ended) {
      reject(spawned.ended);
      fail(spawned.ended);
    }
  });
  const open: OpenRequest = { op: 'open', options };
  worker.postMessage(open);
  try {
    await ready;
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  worker.unref();

  function call(message: Message): Promise<unknown> {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      try {
        worker.postMessage({ ...message, id });
      } catch (error) {
        // A parameter that cannot be cloned (a function, a class instance): refused here.
        return reject(error);
      }
      calls.set(id, { resolve, reject });
      worker.ref();
    });
  }

  /**
   * A transaction holds PGlite, the one connection, until it ends, so its own queries must
   * not wait for this event loop's turn (under load, many milliseconds each, with every other
   * query queued behind): the main thread waits for their answers, blocked, as it would run
   * them itself with PGlite in-process. The time blocked is the query's own, a fraction of a
   * millisecond for what transactions here do.
   */
  function callInTransaction(message: Message): unknown {
    if (failure) throw failure;
    const id = nextId++;
    Atomics.store(signal, 0, 0);
    worker.postMessage({ ...message, id });
    for (;;) {
      if (Atomics.wait(signal, 0, 0, TRANSACTION_QUERY_TIMEOUT_MS) === 'timed-out') {
        fail(
          new Error(`the PGlite thread has not answered for ${TRANSACTION_QUERY_TIMEOUT_MS} ms`),
        );
        throw failure;
      }
      Atomics.store(signal, 0, 0);
      // The answer was posted before the signal; one that timed out earlier is dropped.
      for (
        let next = receiveMessageOnPort(transactionPort);
        next;
        next = receiveMessageOnPort(transactionPort)
      ) {
        const reply = next.message as Reply;
        if (reply.kind === 'result' && reply.id === id) return reply.value;
        if (reply.kind === 'error' && reply.id === id) throw decodeError(reply.error);
      }
    }
  }

  const client: PgliteThreadTransaction = {
    query: async <T>(sql: string, params: unknown[] = [], options?: QueryOptions) =>
      (await call({
        op: 'query',
        sql,
        params,
        options: encodeQueryOptions(options),
      })) as Results<T>,
    exec: async (sql: string) => (await call({ op: 'exec', sql })) as Results[],
  };
  const transactionClient = (tx: number): PgliteThreadTransaction => ({
    query: async <T>(sql: string, params: unknown[] = [], options?: QueryOptions) =>
      callInTransaction({
        op: 'query',
        sql,
        params,
        options: encodeQueryOptions(options),
        tx,
      }) as Results<T>,
    exec: async (sql: string) => callInTransaction({ op: 'exec', sql, tx }) as Results[],
  });

  return {
    ...client,
    async transaction(fn) {
      // BEGIN waits its turn like any query; from then on the transaction has PGlite.
      const tx = (await call({ op: 'begin' })) as number;
      let result: Awaited<ReturnType<typeof fn>>;
      try {
        result = await fn(transactionClient(tx));
      } catch (error) {
        callInTransaction({ op: 'end', tx, commit: false });
        throw error;
      }
      callInTransaction({ op: 'end', tx, commit: true });
      return result;
    },
    async ping() {
      await call({ op: 'ping' });
    },
    async listen(channel, onPayload) {
      const listener = nextId++;
      listeners.set(listener, onPayload);
      try {
        await call({ op: 'listen', channel, listener });
      } catch (error) {
        listeners.delete(listener);
        throw error;
      }
      return async () => {
        listeners.delete(listener);
        await call({ op: 'unlisten', listener });
      };
    },
    close() {
      closing ??= (async () => {
        try {
          await call({ op: 'close' });
        } finally {
          failure ??= new Error('the database is closed');
          await worker.terminate();
        }
      })();
      return closing;
    },
  };
}
