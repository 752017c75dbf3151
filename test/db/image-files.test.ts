import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  deleteStoredImages,
  moveImagesOutOfDatabase,
  ORPHAN_GRACE_MS,
  prepareImageStorage,
  sweepOrphanImages,
} from '../../db/image-files';
import { createFileImageStore, type FileImageStore } from '../../db/image-store-files';
import { createApplicationsRepository } from '../../db/repositories/applications';
import { applicationImages, applications, outbox } from '../../db/schema';
import { createTestDatabase, DRIVERS, type TestDatabase } from '../support/database';
import { aDesigner, aPng } from '../support/uploads';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const longAgo = new Date(Date.now() - 2 * ORPHAN_GRACE_MS);

describe.each(DRIVERS)('image files and rows on %s', (driver) => {
  let database: TestDatabase;
  let dir: string;
  let store: FileImageStore;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await database.db.delete(outbox);
    await database.db.delete(applications);
    dir = mkdtempSync(join(tmpdir(), 'lunar-files-'));
    store = createFileImageStore(dir);
  });

  /** An application whose images' files are kept, as the route stores it. */
  async function storeApplication(images: Uint8Array[]) {
    const hashes: string[] = [];
    for (const bytes of images) hashes.push(await store.write(bytes));
    const { id } = await createApplicationsRepository(database.db).create(aDesigner() as never, {
      images: images.map((bytes, i) => ({
        filename: `${i}.png`,
        contentType: 'image/png',
        contentHash: hashes[i] as string,
        byteSize: bytes.byteLength,
      })),
    });
    return { id, hashes };
  }

  it('moves the bytes of rows stored before files out of the database, once', async () => {
    const bytes = aPng(700, 3);
    const { id } = await storeApplication([]);
    await database.db.execute(sql`
      insert into application_images (application_id, position, filename, content_type, byte_size, data)
      values (${id}, 0, 'old.png', 'image/png', 700, ${Buffer.from(bytes)})`);

    expect(await moveImagesOutOfDatabase(database.db, store)).toBe(1);
    const [row] = await database.db.select().from(applicationImages);
    expect(row).toMatchObject({ contentHash: sha256(bytes), data: null });
    expect(readFileSync(store.pathOf(sha256(bytes)))).toEqual(Buffer.from(bytes));
    expect(await moveImagesOutOfDatabase(database.db, store)).toBe(0);
    // The Discord delivery reads it like any other image.
    const [read] = await createApplicationsRepository(database.db).readImages(id);
    expect(read?.contentHash).toBe(sha256(bytes));
  });

  it('deletes the files of deleted rows, but not a file another application still uses', async () => {
    const shared = aPng(300, 4);
    const own = aPng(300, 5);
    const first = await storeApplication([shared, own]);
    const second = await storeApplication([shared]);

    await database.db.delete(applications).where(eq(applications.id, first.id));
    expect(await deleteStoredImages(database.db, store, first.hashes)).toBe(1);
    expect(existsSync(store.pathOf(sha256(own)))).toBe(false);
    expect(existsSync(store.pathOf(sha256(shared)))).toBe(true);

    await database.db.delete(applications).where(eq(applications.id, second.id));
    expect(await deleteStoredImages(database.db, store, second.hashes)).toBe(1);
    expect(existsSync(store.pathOf(sha256(shared)))).toBe(false);
  });

  it('sweeps old orphans and dead tmp files, never a referenced or a young file', async () => {
    const { hashes } = await storeApplication([aPng(200, 6)]);
    const used = hashes[0] as string;
    const oldOrphan = await store.write(aPng(200, 7));
    const youngOrphan = await store.write(aPng(200, 8));
    const deadTmp = join(store.root, '.tmp', 'dead-request');
    await mkdir(join(store.root, '.tmp'), { recursive: true });
    writeFileSync(deadTmp, 'half an upload');
    for (const path of [store.pathOf(used), store.pathOf(oldOrphan), deadTmp]) {
      utimesSync(path, longAgo, longAgo);
    }

    expect(await sweepOrphanImages(database.db, store)).toEqual({ tmpFiles: 1, files: 1 });
    expect(existsSync(store.pathOf(oldOrphan))).toBe(false);
    expect(existsSync(deadTmp)).toBe(false);
    expect(existsSync(store.pathOf(used))).toBe(true);
    expect(existsSync(store.pathOf(youngOrphan))).toBe(true);
    expect(await prepareImageStorage(database.db, store)).toEqual({
      moved: 0,
      tmpFiles: 0,
      files: 0,
    });
  });
});
