import { afterEach, describe, expect, it, vi } from 'vitest';
import { DatabaseUnavailableError } from '../availability';
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

/** A database whose reads answer `version`, or fail with `failure` when it is set. */
function switchableDatabase(version: number) {
  const state: { failure?: Error; reads: number } = { reads: 0 };
  const db = {
    select: () => ({
      from: () => ({
        where: async () => {
          state.reads++;
          if (state.failure) throw state.failure;
          return [{ value: `${version}:test` }];
        },
      }),
    }),
  } as unknown as Executor;
  return { db, state };
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

  describe('while the database is unreachable', () => {
    afterEach(() => {
      vi.useRealTimers();
    });
    // Long past the copy's age and its 5 s of grace.
    const MINUTE = 60_000;

    it('keeps answering the last version read, without waiting', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const { db, state } = switchableDatabase(5);
      const read = createContentVersionReader(db, 1000);
      expect(await read()).toBe(5);
      state.failure = new DatabaseUnavailableError(new Error('connect ECONNREFUSED'));
      for (let minute = 1; minute <= 3; minute++) {
        vi.advanceTimersByTime(MINUTE);
        expect(await read()).toBe(5);
        // A read that could not connect found the copy current: the next requests need none.
        expect(read()).toBe(5);
      }
      expect(state.reads).toBe(4);
      read.invalidate();
      expect(await read()).toBe(5);
    });

    it('fails for a process that never read it, and for any other failure', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const unreachable = switchableDatabase(5);
      unreachable.state.failure = new DatabaseUnavailableError(new Error('ECONNREFUSED'));
      await expect(createContentVersionReader(unreachable.db, 1000)()).rejects.toThrow(
        DatabaseUnavailableError,
      );

      const broken = switchableDatabase(5);
      const read = createContentVersionReader(broken.db, 1000);
      expect(await read()).toBe(5);
      broken.state.failure = new Error('relation "system_state" does not exist');
      vi.advanceTimersByTime(MINUTE);
      await expect(read()).rejects.toThrow('does not exist');
    });
  });
});
