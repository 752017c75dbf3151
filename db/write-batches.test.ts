import { describe, expect, it } from 'vitest';
import { createWriteBatches } from './write-batches';

/** A driver error as postgres.js and PGlite give it: the statement ran and rolled back. */
const refused = () => Object.assign(new Error('invalid input'), { code: '22P05' });

/** A write whose batches the test sees and releases by hand. */
function controlledWrite() {
  const batches: { items: number[]; release: (error?: unknown) => void }[] = [];
  const write = (items: number[]) =>
    new Promise<string[]>((resolve, reject) => {
      batches.push({
        items,
        release: (error) => (error ? reject(error) : resolve(items.map((item) => `#${item}`))),
      });
    });
  return { batches, write };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('write batches', () => {
  it('sends the calls of one turn together and the calls that wait behind it as the next batch', async () => {
    const { batches, write } = controlledWrite();
    const submit = createWriteBatches(write, { concurrency: 1 });
    const first = [submit(1), submit(2)];
    await turn();
    expect(batches.map((batch) => batch.items)).toEqual([[1, 2]]);
    const waiting = [submit(3), submit(4), submit(5)];
    await turn();
    expect(batches).toHaveLength(1);
    batches[0]?.release();
    expect(await Promise.all(first)).toEqual(['#1', '#2']);
    await turn();
    expect(batches.map((batch) => batch.items)).toEqual([
      [1, 2],
      [3, 4, 5],
    ]);
    batches[1]?.release();
    expect(await Promise.all(waiting)).toEqual(['#3', '#4', '#5']);
  });

  it('keeps batches within the maximum and runs up to `concurrency` at once', async () => {
    const { batches, write } = controlledWrite();
    const submit = createWriteBatches(write, { maxBatch: 2, concurrency: 2 });
    const results = [1, 2, 3, 4, 5].map((item) => submit(item));
    await turn();
    expect(batches.map((batch) => batch.items)).toEqual([
      [1, 2],
      [3, 4],
    ]);
    batches[1]?.release();
    await turn();
    expect(batches.map((batch) => batch.items)).toEqual([[1, 2], [3, 4], [5]]);
    batches[0]?.release();
    batches[2]?.release();
    expect(await Promise.all(results)).toEqual(['#1', '#2', '#3', '#4', '#5']);
  });

  it('writes each item again alone when the database refused the batch, so only the bad one fails', async () => {
    const written: number[][] = [];
    const submit = createWriteBatches(async (items: number[]) => {
      written.push(items);
      if (items.includes(2)) throw refused();
      return items.map((item) => `#${item}`);
    });
    const results = await Promise.allSettled([submit(1), submit(2), submit(3)]);
    expect(results).toEqual([
      { status: 'fulfilled', value: '#1' },
      { status: 'rejected', reason: expect.objectContaining({ code: '22P05' }) },
      { status: 'fulfilled', value: '#3' },
    ]);
    expect(written).toEqual([[1, 2, 3], [1], [2], [3]]);
  });

  it('finds the refusal behind the query error drizzle wraps around it', async () => {
    let calls = 0;
    const submit = createWriteBatches(async (items: number[]) => {
      calls += 1;
      if (items.length > 1) throw new Error('Failed query', { cause: refused() });
      return items;
    });
    expect(await Promise.all([submit(1), submit(2)])).toEqual([1, 2]);
    expect(calls).toBe(3);
  });

  it('fails every call of a batch that lost its connection, and writes none of them again', async () => {
    let calls = 0;
    const lost = Object.assign(new Error('write CONNECTION_CLOSED'), { code: 'CONNECTION_CLOSED' });
    const submit = createWriteBatches(async () => {
      calls += 1;
      throw lost;
    });
    const results = await Promise.allSettled([submit(1), submit(2)]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(calls).toBe(1);
  });

  it('fails the batch when the write answers for a different number of items', async () => {
    const submit = createWriteBatches(async (items: number[]) => items.slice(1));
    const results = await Promise.allSettled([submit(1), submit(2)]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
  });

  it('goes on writing after a failed batch', async () => {
    let fail = true;
    const submit = createWriteBatches(async (items: number[]) => {
      if (fail) throw new Error('down');
      return items;
    });
    await expect(submit(1)).rejects.toThrow('down');
    fail = false;
    expect(await submit(2)).toBe(2);
  });
});
