import { join } from 'node:path';
import type { Config } from '../core/config';
import { createBucketClient } from './bucket-client';
import { type ImageStore, SITE_MEDIA_FOLDER } from './image-store';
import { createBucketImageStore } from './image-store-bucket';
import { createFileImageStore } from './image-store-files';

/** The two stores of a process: applicants' images, and the site's own (team, portfolios). */
export type ImageStores = {
  applications: ImageStore;
  site: ImageStore;
  close(): void;
};

/**
 * The stores the configuration names: the bucket when S3_BUCKET is set (one client for both),
 * files under DATA_DIR otherwise. The site's images live apart (DATA_DIR/site, or the `site/`
 * prefix) so the applications' orphan sweep, which knows only application rows, never takes
 * them.
 */
export function openImageStores(config: Pick<Config, 'DATA_DIR' | 'bucket'>): ImageStores {
  if (config.bucket) {
    const client = createBucketClient(config.bucket);
    return {
      applications: createBucketImageStore(client, ''),
      site: createBucketImageStore(client, `${SITE_MEDIA_FOLDER}/`),
      close: () => client.destroy(),
    };
  }
  return {
    applications: createFileImageStore(config.DATA_DIR),
    site: createFileImageStore(join(config.DATA_DIR, SITE_MEDIA_FOLDER)),
    close: () => {},
  };
}
