import fp from 'fastify-plugin';
import { type Change, listenForChanges } from '../../db/changes';

declare module 'fastify' {
  interface FastifyInstance {
    /** Committed changes from every process (Postgres LISTEN/NOTIFY), for live streams. */
    liveChanges: ChangesHub;
  }
}

interface ChangesHub {
  /** Resolves once listening, so a change committed afterwards is never missed. */
  subscribe(onChange: (change: Change) => void): Promise<() => void>;
}

/**
 * One LISTEN per web process, shared by every open stream; started by the first subscriber
 * (an app nobody watches holds no extra connection) and stopped when the app closes.
 */
export const changesHubPlugin = fp(
  async (app) => {
    const subscribers = new Set<(change: Change) => void>();
    let listening: Promise<() => Promise<void>> | null = null;
    const publish = (change: Change) => {
      for (const subscriber of subscribers) subscriber(change);
    };
    app.decorate('liveChanges', {
      async subscribe(onChange) {
        if (!listening) {
          listening = listenForChanges(app.database, publish);
          listening.catch(() => {
            listening = null;
          });
        }
        await listening;
        subscribers.add(onChange);
        return () => subscribers.delete(onChange);
      },
    } satisfies ChangesHub);
    app.addHook('onClose', async () => {
      subscribers.clear();
      const stop = await listening?.catch(() => null);
      await stop?.().catch(() => {});
    });
  },
  { name: 'changes-hub', dependencies: ['app-context'] },
);
