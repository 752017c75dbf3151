import fp from 'fastify-plugin';
import type { Config } from '../../core/config';
import type { Database, DatabaseHandle } from '../../db/client';
import { type ImageStores, openImageStores } from '../../db/image-stores';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    database: DatabaseHandle;
    /** Uploaded images: files under DATA_DIR or the bucket (db/image-stores.ts). */
    images: ImageStores;
  }
}

export type AppContext = { config: Config; database: DatabaseHandle };

/** Decorates the app with the parsed configuration, the database and the image stores. */
export const appContextPlugin = fp<AppContext>(
  async (app, { config, database }) => {
    app.decorate('config', config);
    app.decorate('database', database);
    app.decorate('db', database.db);
    const images = openImageStores(config);
    app.decorate('images', images);
    app.addHook('onClose', async () => images.close());
  },
  { name: 'app-context' },
);
