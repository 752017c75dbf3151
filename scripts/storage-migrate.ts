import { join } from 'node:path';
import { copyStoredImages } from '../db/copy-images';
import { SITE_MEDIA_FOLDER } from '../db/image-store';
import { createFileImageStore } from '../db/image-store-files';
import { openImageStores } from '../db/image-stores';
import { loadConfigOrExit } from '../entry/load-config';

// `npm run storage:migrate`: copies the images under DATA_DIR (applicants' and the site's)
// to the bucket named by S3_BUCKET, verifying each by its hash, and prints the counts
// (docs/decisions/048-object-storage.md). Safe to run again, and while Lunar runs: it only
// adds objects; the files stay until the operator removes DATA_DIR/uploads and
// DATA_DIR/site/uploads.

const config = loadConfigOrExit();
if (!config.bucket) {
  console.error(
    'S3_BUCKET is not set: set the S3_ variables (see .env.example) to the bucket to copy the images to, then run this again.',
  );
  process.exit(2);
}

const bucket = openImageStores(config);
const parts = [
  { name: 'applications', from: createFileImageStore(config.DATA_DIR), to: bucket.applications },
  {
    name: 'site',
    from: createFileImageStore(join(config.DATA_DIR, SITE_MEDIA_FOLDER)),
    to: bucket.site,
  },
];

let damaged = 0;
try {
  for (const part of parts) {
    const counts = await copyStoredImages(part.from, part.to);
    damaged += counts.damaged.length;
    console.log(
      `${part.name}: ${counts.copied} copied, ${counts.present} already in the bucket, ${counts.damaged.length} damaged`,
    );
    for (const hash of counts.damaged) {
      console.log(`  damaged (its bytes do not match its name; not copied): ${hash}`);
    }
  }
  console.log(
    damaged
      ? 'Done, except the damaged files above.'
      : `Done: every image under ${config.DATA_DIR} is in bucket ${config.bucket.bucket}.`,
  );
} catch (error) {
  console.error(
    `Stopped: ${(error as Error).message}. Nothing is lost; run npm run storage:migrate again to resume.`,
  );
  process.exitCode = 1;
} finally {
  bucket.close();
}
if (damaged) process.exitCode = 1;
