// Whether the database server can be reached. While it cannot, queries fail at once with
// DatabaseUnavailableError (the HTTP error handler answers 503) instead of each waiting for a
// connection, and a probe retries in the background until the server answers again.

export const DATABASE_UNAVAILABLE = 'DATABASE_UNAVAILABLE';

// postgres.js's own codes, Node's socket errors, and Postgres shutting down, crashed or
// starting up (57P01-57P03; SQLSTATE class 08 is "connection exception").
const CONNECTION_ERROR_CODES = new Set([
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
]);

/**
 * The code that makes the error (or its cause: drizzle wraps driver errors) mean "cannot
 * reach the database", or undefined for any other error.
 */
export function connectionErrorCode(error: unknown): string | undefined {
  let current = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const code = (current as { code?: unknown }).code;
    if (
      typeof code === 'string' &&
      (CONNECTION_ERROR_CODES.has(code) || code === DATABASE_UNAVAILABLE || /^08...$/.test(code))
    ) {
      return code;
    }
    // Node reports a refused connection to a name with several addresses as an AggregateError.
    if (current instanceof AggregateError) {
      for (const inner of current.errors) {
        const innerCode = connectionErrorCode(inner);
        if (innerCode) return innerCode;
      }
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export function isConnectionError(error: unknown): boolean {
  return connectionErrorCode(error) !== undefined;
}

/** A query refused without trying, because the database is known to be unreachable. */
export class DatabaseUnavailableError extends Error {
  readonly code = DATABASE_UNAVAILABLE;
  constructor(cause: unknown) {
    super('The database is unreachable; waiting for it to answer again.', { cause });
  }
}

export type AvailabilityLog = {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
};

export type Availability = {
  /** Throws DatabaseUnavailableError while the database is known to be unreachable. */
  assertAvailable(): void;
  /** Any query's failure: a connection error marks the database down and starts the probe. */
  reportFailure(error: unknown): void;
  close(): void;
};

/**
 * `probe` runs a trivial query; it runs at once after the first connection error, then every
 * `intervalMs` until it succeeds. It must not go through `assertAvailable`.
 */
export function createAvailability({
  probe,
  log,
  intervalMs = 500,
}: {
  probe: () => Promise<void>;
  log?: AvailabilityLog;
  intervalMs?: number;
}): Availability {
  let down: { since: number; cause: unknown } | null = null;
  let closed = false;
  let wake: (() => void) | null = null;

  const pause = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, intervalMs);
      timer.unref();
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  async function probeUntilUp() {
    while (down && !closed) {
      try {
        await probe();
        log?.info({ downForMs: Date.now() - down.since }, 'database reachable again');
        down = null;
      } catch (error) {
        if (down) down.cause = error;
        await pause();
      }
    }
  }

  return {
    assertAvailable() {
      if (down) throw new DatabaseUnavailableError(down.cause);
    },
    reportFailure(error) {
      if (down || closed || !isConnectionError(error)) return;
      down = { since: Date.now(), cause: error };
      log?.warn({ err: error }, 'database unreachable: answering 503 until it is back');
      void probeUntilUp();
    },
    close() {
      closed = true;
      wake?.();
    },
  };
}
