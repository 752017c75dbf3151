import { describe, expect, it } from 'vitest';
import type { Executor } from '../client';
import { createContentVersionReader } from './content-version';

/** A database whose content-version reads the test answers by hand. */
function slowDatabase() {
  const reads: ((version: number) => void)[] = [];
  const db = {
    select: () => ({
      from: () => ({
        where: () =>
          new Promise((resolve) =>
            reads.push((version) => resolve([{ value: `${version}:test` }])),
          ),
      }),
    }),
  } as unknown as Executor;
  return { db, reads };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the content version reader', () => {
  it('waits for the first read, then keeps its copy while a newer read waits its turn', async () => {
    const { db, reads } = slowDatabase();
    const read = createContentVersionReader(db, 30);
    const first = read();
    reads[0]?.(7);
    expect(await first).toBe(7);
    expect(read()).toBe(7);
    expect(reads).toHaveLength(1);
    await sleep(40);
    // Older than the max age: read again in the background, the copy answers meanwhile.
    expect(read()).toBe(7);
    expect(read()).toBe(7);
    expect(reads).toHaveLength(2);
    reads[1]?.(8);
    await sleep(0);
    expect(read()).toBe(8);
  });
});
