import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Transform, Writable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';

// A disk that refuses writes (full, read-only) stands in for what root cannot be refused.
const failWrites = vi.hoisted(() => ({ on: false }));
vi.mock('node:fs', async (original) => {
  const fs = await original<typeof import('node:fs')>();
  return {
    ...fs,
    createWriteStream: (...args: Parameters<typeof fs.createWriteStream>) => {
      if (!failWrites.on) return fs.createWriteStream(...args);
      return new Writable({
        write(_chunk, _encoding, done) {
          done(
            Object.assign(new Error('ENOSPC: no space left on device, write'), {
              code: 'ENOSPC',
              syscall: 'write',
            }),
          );
        },
      });
    },
  };
});

const { StorageError } = await import('./image-store');
const { createFileImageStore } = await import('./image-store-files');

describe('the image store’s failures', () => {
  const dirs: string[] = [];
  const store = () => {
    const dir = mkdtempSync(join(tmpdir(), 'lunar-store-'));
    dirs.push(dir);
    return createFileImageStore(dir);
  };
  afterEach(() => {
    failWrites.on = false;
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('calls a file it cannot write a StorageError (the server’s fault)', async () => {
    failWrites.on = true;
    const receiving = store().receive(Readable.from([Buffer.from('bytes')]));
    await expect(receiving).rejects.toBeInstanceOf(StorageError);
    await expect(receiving).rejects.toThrow(/^cannot write \S+: ENOSPC$/);
  });

  it('leaves a failing check’s error and a failing source’s error as they are', async () => {
    const refused = new Error('not an image');
    const check = new Transform({
      transform(_chunk, _encoding, done) {
        done(refused);
      },
    });
    await expect(store().receive(Readable.from([Buffer.from('bytes')]), [check])).rejects.toBe(
      refused,
    );
    const hungUp = Object.assign(new Error('aborted'), { code: 'ECONNRESET', syscall: 'read' });
    const source = new Readable({
      read() {
        this.destroy(hungUp);
      },
    });
    await expect(store().receive(source)).rejects.toBe(hungUp);
  });
});
