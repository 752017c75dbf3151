import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Database } from '../../db/client';
import {
  createWorkerProcessesRepository,
  isProcessRunning,
} from '../../db/repositories/worker-processes';
import type { Log } from '../log';

/**
 * The worker's record of itself (issue 33): it beats every `heartbeatMs`, and at start-up and
 * at each beat releases the leases of workers found dead (`releaseDead`), so a crashed worker's
 * ticket opens seconds after the restart, or within `staleMs` when no restart comes, rather
 * than when its lease ends. Another live worker's rows are never touched.
 */
export function startWorkerLiveness(
  deps: { db: Database; log: Log },
  options: { heartbeatMs: number; staleMs: number },
) {
  const id = randomUUID();
  const place = { host: hostname(), pid: process.pid };
  const workers = createWorkerProcessesRepository(deps.db);
  const check = {
    ...place,
    selfId: id,
    staleMs: options.staleMs,
    isRunning: isProcessRunning,
    // A little before: the database's clock and this one's may differ by a moment.
    processStartedAt: new Date(Date.now() - process.uptime() * 1000 - 2000),
  };

  async function releaseDead(): Promise<void> {
    const dead = await workers.releaseDead(check);
    if (dead.length > 0) {
      deps.log.warn(
        { workers: dead.length },
        'Outbox worker(s) found stopped: their deliveries in progress are taken up again now.',
      );
    }
  }

  let timer: NodeJS.Timeout | undefined;
  const started = (async () => {
    try {
      await workers.register(id, place);
      await releaseDead();
    } catch (error) {
      // The database may be briefly away: the leases still end by themselves.
      deps.log.warn({ err: error }, 'recording the outbox worker failed');
    }
    timer = setInterval(() => {
      workers
        .beat(id, place)
        .then(releaseDead)
        .catch((error: unknown) => deps.log.warn({ err: error }, 'outbox worker beat failed'));
    }, options.heartbeatMs);
    timer.unref();
  })();

  return {
    id,
    /** Resolves once the worker is recorded and the dead ones' leases are released. */
    started,
    async close(): Promise<void> {
      await started;
      clearInterval(timer);
      await workers.remove(id).catch(() => {});
    },
  };
}
