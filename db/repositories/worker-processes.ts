import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { outbox, workerProcesses } from '../schema';

/** Where a worker runs: its host's name and its process id there. */
export type WorkerPlace = { host: string; pid: number };

type DeadCheck = WorkerPlace & {
  /** This worker's id: never found dead by itself. */
  selfId: string;
  /** A beat older than this is a dead process's (or one too stalled to hold its rows). */
  staleMs: number;
  /** Whether a process of this host is running (`process.kill(pid, 0)`). */
  isRunning: (pid: number) => boolean;
  /** When this process started: a worker recorded with its pid before then was an earlier one. */
  processStartedAt: Date;
};

/**
 * The outbox workers that run (decision 046, issue 33). A worker records itself and beats; its
 * leases carry its id (`outbox.locked_by`). A worker found dead has its leases released at
 * once, so its rows are delivered seconds after a crash rather than when the lease ends:
 * - its beat is older than `staleMs` (any host: the process is gone, or stalled for that long);
 * - or it ran on this host and its process is not running, or had this process's own id before
 *   this process started (a restarted container's process 1): a restart sees its previous self
 *   dead at start-up. Workers of this very process (tests run several) are alive.
 * Host names are taken as unique per machine or container (Docker's default); two containers
 * given the same `hostname` would each find the other's process missing.
 */
export function createWorkerProcessesRepository(db: Executor) {
  return {
    async register(id: string, place: WorkerPlace): Promise<void> {
      await db
        .insert(workerProcesses)
        .values({ id, ...place })
        .onConflictDoUpdate({ target: workerProcesses.id, set: { heartbeatAt: sql`now()` } });
    },

    /** The worker is alive; registers it again should another have found it dead meanwhile. */
    async beat(id: string, place: WorkerPlace): Promise<void> {
      const rows = await db
        .update(workerProcesses)
        .set({ heartbeatAt: sql`now()` })
        .where(eq(workerProcesses.id, id))
        .returning({ id: workerProcesses.id });
      if (rows.length === 0) await this.register(id, place);
    },

    /** Releases the leases of the workers found dead and forgets them; their ids. */
    async releaseDead(check: DeadCheck): Promise<string[]> {
      const others = await db
        .select({
          id: workerProcesses.id,
          host: workerProcesses.host,
          pid: workerProcesses.pid,
          startedAt: workerProcesses.startedAt,
          stale: sql<boolean>`${workerProcesses.heartbeatAt} < now() - ${check.staleMs} * interval '1 millisecond'`,
        })
        .from(workerProcesses)
        .where(ne(workerProcesses.id, check.selfId));
      const dead = others
        .filter(
          (worker) =>
            worker.stale ||
            (worker.host === check.host &&
              (worker.pid === check.pid
                ? worker.startedAt < check.processStartedAt
                : !check.isRunning(worker.pid))),
        )
        .map((worker) => worker.id);
      if (dead.length === 0) return [];
      await db
        .update(outbox)
        .set({ lockedUntil: null, lockedBy: null })
        .where(and(eq(outbox.status, 'pending'), inArray(outbox.lockedBy, dead)));
      await db.delete(workerProcesses).where(inArray(workerProcesses.id, dead));
      return dead;
    },

    /** A worker stopping cleanly (its unsent rows already given back). */
    async remove(id: string): Promise<void> {
      await db.delete(workerProcesses).where(eq(workerProcesses.id, id));
    },
  };
}

/** Whether a process of this host runs: signal 0 checks without signalling (EPERM: it runs). */
export function isProcessRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
