import type { MessagePort } from 'node:worker_threads';
import { messages, type QueryOptions } from '@electric-sql/pglite';

// The messages between the main thread (db/pglite-thread.ts) and the thread that runs PGlite
// (db/pglite-worker.ts). Everything crossing is structured-cloned: no functions, no classes.

/** What the worker needs to open the database. */
export type WorkerOptions = { dataDir: string | undefined; postgresqlconf: string[] };

/**
 * A transaction's own queries are answered on a port of their own, which the main thread
 * reads synchronously once `signal[0]` turns 1 (db/pglite-thread.ts says why).
 */
export type WorkerData = { transactionPort: MessagePort; signal: Int32Array };

/**
 * The thread's first message: the database to open. It may come long after the thread
 * started (db/pglite-spawn.ts); the answer is `ready` or `failed`.
 */
export type OpenRequest = { op: 'open'; options: WorkerOptions };

/** Query options that can cross a thread (see encodeQueryOptions). */
export type WireQueryOptions = {
  rowMode?: 'array' | 'object';
  /** Type OIDs whose values stay the text Postgres sent (drizzle parses dates itself). */
  rawTypes?: number[];
  paramTypes?: number[];
};

export type Request =
  | {
      id: number;
      op: 'query';
      sql: string;
      params: unknown[];
      options: WireQueryOptions;
      tx?: number;
    }
  | { id: number; op: 'exec'; sql: string; tx?: number }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'ping' }
  // The main thread names the listener, so that it knows where a NOTIFY goes before any comes.
  | { id: number; op: 'listen'; channel: string; listener: number }
  | { id: number; op: 'unlisten'; listener: number }
  | { id: number; op: 'close' };

export type WireError = { message: string; stack?: string; fields: Record<string, unknown> };

export type Reply =
  | { kind: 'ready' }
  | { kind: 'failed'; error: WireError }
  | { kind: 'result'; id: number; value: unknown }
  | { kind: 'error'; id: number; error: WireError }
  | { kind: 'notify'; listener: number; payload: string };

/** Text that a raw-text parser hands back unchanged, and that no real parser would. */
const PROBE = '\u0000lunar-parser-probe';

/**
 * Parsers are functions, which cannot cross a thread. The only ones drizzle-orm/pglite passes
 * (session.js: timestamps, dates, intervals and their arrays) return the text they are given,
 * so that drizzle's own column mappers parse it; they cross as the list of their type OIDs and
 * the worker gives those types the same raw-text parser. Any other parser (or a serializer, a
 * blob, an onNotice callback) is refused here, at once, rather than silently changing results.
 */
export function encodeQueryOptions(options: QueryOptions | undefined): WireQueryOptions {
  if (!options) return {};
  const { rowMode, parsers, paramTypes, ...rest } = options;
  const unsupported = Object.keys(rest).filter(
    (key) => rest[key as keyof typeof rest] !== undefined,
  );
  if (unsupported.length > 0) {
    throw new Error(`PGlite worker: query option ${unsupported.join(', ')} cannot cross threads`);
  }
  const rawTypes: number[] = [];
  for (const [oid, parse] of Object.entries(parsers ?? {})) {
    if (parse(PROBE, Number(oid)) !== PROBE) {
      throw new Error(
        `PGlite worker: the parser for type ${oid} does not return the raw text; only raw-text parsers cross threads (db/pglite-protocol.ts)`,
      );
    }
    rawTypes.push(Number(oid));
  }
  return {
    ...(rowMode && { rowMode }),
    ...(rawTypes.length > 0 && { rawTypes }),
    ...(paramTypes && { paramTypes }),
  };
}

/** The worker's side of encodeQueryOptions. */
export function decodeQueryOptions(options: WireQueryOptions): QueryOptions {
  const raw = (value: string) => value;
  return {
    ...(options.rowMode && { rowMode: options.rowMode }),
    ...(options.rawTypes && {
      parsers: Object.fromEntries(options.rawTypes.map((oid) => [oid, raw])),
    }),
    ...(options.paramTypes && { paramTypes: options.paramTypes }),
  };
}

/** An error's message, stack and plain fields (a Postgres error's code, constraint, …). */
export function encodeError(error: unknown): WireError {
  if (!(error instanceof Error)) return { message: String(error), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    // PGlite adds the query's options (functions) and parameters; the caller has both.
    if (key === 'queryOptions' || key === 'params') continue;
    if (value === undefined || value === null || typeof value !== 'object') fields[key] = value;
  }
  return { message: error.message, stack: error.stack, fields };
}

/**
 * A Postgres error comes back as PGlite's own DatabaseError with its fields (code, constraint,
 * severity, …), as in-process PGlite throws it; anything else as an Error.
 */
export function decodeError(wire: WireError): Error {
  const error =
    typeof wire.fields.code === 'string' && typeof wire.fields.severity === 'string'
      ? new messages.DatabaseError(wire.message, 0, 'error')
      : new Error(wire.message);
  Object.assign(error, wire.fields);
  if (wire.stack) error.stack = wire.stack;
  return error;
}
