import { Counter, Gauge, type Registry } from 'prom-client';
import { OUTBOX_KINDS } from '../core/discord/outbox';
import type { DatabaseHandle } from './client';
import { type OutboxBacklog, readOutboxBacklog } from './repositories/outbox';
import { createSystemStateRepository, type DiscordAuthState } from './repositories/system-state';
import { createTicketsRepository } from './repositories/tickets';

// What any process can tell about the shared state, read from the database at each scrape:
// the database itself, the outbox, and what the worker and the bot recorded about Discord.
// The alert rules in deploy/prometheus/ are written against these names.

/** How long a scrape waits for the database before reporting it down. */
const PING_TIMEOUT_MS = 2000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

type Snapshot = {
  up: boolean;
  backlog: OutboxBacklog[];
  auth: DiscordAuthState | null;
  /** Tickets waiting for a channel to free up (every ticket category full). */
  ticketQueue: number;
};

const DOWN: Snapshot = { up: false, backlog: [], auth: null, ticketQueue: 0 };

export function registerDatabaseMetrics(registry: Registry, database: DatabaseHandle): void {
  const registers = [registry];
  const systemState = createSystemStateRepository(database.db);
  const tickets = createTicketsRepository(database.db);

  async function readSnapshot(): Promise<Snapshot> {
    try {
      await withTimeout(database.ping(), PING_TIMEOUT_MS);
    } catch {
      return DOWN;
    }
    const [backlog, auth, queue] = await Promise.all([
      readOutboxBacklog(database.db),
      systemState.discordAuth(),
      tickets.readCapacityQueue(),
    ]);
    return { up: true, backlog, auth, ticketQueue: queue.waiting };
  }
  // prom-client collects every metric of a scrape at once, starting each collect() in
  // registration order: the first starts the scrape's one read, the others wait for it.
  let snapshot: Promise<Snapshot> = Promise.resolve(DOWN);

  new Gauge({
    name: 'lunar_database_up',
    help: 'Whether the database answered a trivial query during this scrape (1) or not (0).',
    registers,
    async collect() {
      snapshot = readSnapshot();
      snapshot.catch(() => {});
      this.set((await snapshot).up ? 1 : 0);
    },
  });

  // Postgres only: the embedded database has no pool, and shows no pool figures.
  if (database.poolStats()) {
    new Gauge({
      name: 'lunar_database_pool_size',
      help: 'Connections the Postgres pool may open (absent on the embedded database).',
      registers,
      collect() {
        const stats = database.poolStats();
        if (stats) this.set(stats.size);
      },
    });
    new Gauge({
      name: 'lunar_database_pool_busy',
      help: 'Queries and transactions in progress; above the pool size, the rest are waiting.',
      registers,
      collect() {
        const stats = database.poolStats();
        if (stats) this.set(stats.busy);
      },
    });
    new Counter({
      name: 'lunar_database_query_errors_total',
      help: 'Queries and transactions that failed, whatever the cause (constraint, timeout, connection).',
      registers,
      collect() {
        const stats = database.poolStats();
        if (!stats) return;
        this.reset();
        this.inc(stats.errors);
      },
    });
  }

  /** A gauge by outbox kind, set from the scrape's backlog (every kind, 0 when it has none). */
  const byKind = (name: string, help: string, pick: (row: OutboxBacklog) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['kind'] as const,
      registers,
      async collect() {
        const { up, backlog } = await snapshot;
        this.reset();
        if (!up) return;
        for (const kind of OUTBOX_KINDS) {
          const row = backlog.find((item) => item.kind === kind);
          this.set({ kind }, row ? pick(row) : 0);
        }
      },
    });
  byKind(
    'lunar_outbox_pending',
    'Deliveries to Discord waiting to be sent, by kind.',
    (row) => row.pending,
  );
  byKind(
    'lunar_outbox_oldest_pending_seconds',
    'Age of the oldest delivery still waiting, by kind (0 when none waits).',
    (row) => row.oldestPendingSeconds,
  );
  byKind(
    'lunar_outbox_failed',
    'Deliveries given up on after their last attempt (the dashboard can retry them), by kind.',
    (row) => row.failed,
  );

  new Gauge({
    name: 'lunar_discord_token_refused',
    help: 'Whether Discord refuses the bot token (401), as the outbox worker last found (1) or not (0).',
    registers,
    async collect() {
      const { auth } = await snapshot;
      this.reset();
      if (auth) this.set(auth.status === 'unauthorized' ? 1 : 0);
    },
  });
  new Gauge({
    name: 'lunar_discord_token_refused_since_seconds',
    help: 'Since when Discord refuses the bot token (the first 401), as a Unix time; 0 while it is accepted.',
    registers,
    async collect() {
      const { auth } = await snapshot;
      this.set(auth?.status === 'unauthorized' ? Date.parse(auth.since) / 1000 : 0);
    },
  });
  new Gauge({
    name: 'lunar_tickets_waiting_for_capacity',
    help: 'Tickets waiting for a channel because every ticket category holds 50 (served in order).',
    registers,
    async collect() {
      const { up, ticketQueue } = await snapshot;
      this.reset();
      if (up) this.set(ticketQueue);
    },
  });
}
