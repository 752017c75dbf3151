import { join } from 'node:path';
import { createImageStore, SITE_MEDIA_FOLDER } from '../db/image-store';

// Images the dashboard uploads for the public site (team avatars and banners, portfolio
// project images): files by content hash like applicants' images (db/image-store.ts), in their
// own folder DATA_DIR/site/uploads so the applications' orphan sweep, which knows only
// application rows, never takes them. Public, so served at /media/site/<hash>.

export const SITE_MEDIA_PREFIX = '/media/site/';

export function createSiteMediaStore(dataDir: string) {
  return createImageStore(join(dataDir, SITE_MEDIA_FOLDER));
}

export const siteMediaUrl = (hash: string) => `${SITE_MEDIA_PREFIX}${hash}`;
