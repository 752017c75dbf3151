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

  it('reads again at once when told of a bump, and requests wait for that read', async () => {
    const { db, reads } = slowDatabase();
    const read = createContentVersionReader(db, 60_000);
    const first = read();
    reads[0]?.(3);
    expect(await first).toBe(3);
    // A read that started before the bump committed must not win over the one after it.
    read.invalidate();
    expect(reads).toHaveLength(2);
    const waiting = read();
    expect(waiting).toBeInstanceOf(Promise);
    reads[1]?.(4);
    expect(await waiting).toBe(4);
    // Within the max age again: the copy answers, no further read.
    expect(read()).toBe(4);
    expect(reads).toHaveLength(2);
  });
});
