import { retentionCutoff } from '../../core/shared/retention';
import type { Database } from '../../db/client';
import { deleteStoredImages, sweepOrphanImages } from '../../db/image-files';
import type { ImageStore } from '../../db/image-store';
import { createApplicationsRepository } from '../../db/repositories/applications';
import { createContactMessagesRepository } from '../../db/repositories/contact-messages';
import type { Log } from '../log';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Soon after start, not during it: migrations and the first requests come first. */
const RETENTION_FIRST_RUN_MS = 60_000;

type RetentionCounts = {
  applications: number;
  images: number;
  contactMessages: number;
  deliveries: number;
};

/**
 * Deletes what the privacy policy says is kept no longer: applications (and their images'
 * files or bucket objects) and contact messages older than `months`, with their outbox rows.
 * Logs counts only.
 */
export async function runRetention(
  db: Database,
  {
    months,
    images,
    now = new Date(),
    log,
  }: { months: number; images: ImageStore; now?: Date; log: Log },
): Promise<RetentionCounts> {
  const cutoff = retentionCutoff(now, months);
  const applications = await createApplicationsRepository(db).deleteApplicationsOlderThan(cutoff);
  // The rows are gone; their files follow (a file another application shares stays).
  await deleteStoredImages(db, images, applications.imageHashes);
  const messages = await createContactMessagesRepository(db).deleteOlderThan(cutoff);
  // What a request that died between storing a file and inserting its row left (a bucket that
  // went down half-way): swept daily too, not only at start-up, so no orphan stays for good.
  const swept = await sweepOrphanImages(db, images);
  if (swept.files || swept.tmpFiles) {
    log.info({ retention: { orphanImages: swept } }, 'retention: swept orphan image files');
  }
  const counts = {
    applications: applications.applications,
    images: applications.images,
    contactMessages: messages.messages,
    deliveries: applications.deliveries + messages.deliveries,
  };
  log.info(
    { retention: { months, cutoff: cutoff.toISOString(), ...counts } },
    `retention: deleted ${counts.applications} application(s) with ${counts.images} image(s) and ${counts.contactMessages} contact message(s) older than ${months} month(s)`,
  );
  return counts;
}

/**
 * The worker role's daily run, the first shortly after start. A failed run is logged and
 * tried again the next day; `close` waits for a run in progress.
 */
export function startRetentionJob(
  db: Database,
  {
    months,
    images,
    log,
    firstRunMs = RETENTION_FIRST_RUN_MS,
    intervalMs = DAY_MS,
  }: { months: number; images: ImageStore; log: Log; firstRunMs?: number; intervalMs?: number },
): { close: () => Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  let timer: NodeJS.Timeout;
  const run = () => {
    running = runRetention(db, { months, images, log })
      .catch((error: unknown) => log.error({ err: error }, 'retention: run failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(run, intervalMs).unref();
      });
  };
  timer = setTimeout(run, firstRunMs).unref();
  return {
    async close() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
