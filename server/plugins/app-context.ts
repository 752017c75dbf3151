import fp from 'fastify-plugin';
import type { Config } from '../../core/config';
import type { Database, DatabaseHandle } from '../../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    database: DatabaseHandle;
  }
}

export type AppContext = { config: Config; database: DatabaseHandle };

/** Decorates the app with the parsed configuration and the database. */
export const appContextPlugin = fp<AppContext>(
  async (app, { config, database }) => {
    app.decorate('config', config);
    app.decorate('database', database);
    app.decorate('db', database.db);
  },
  { name: 'app-context' },
);
