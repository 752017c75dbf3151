import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

// postgres.js keeps its pool's connections (open, busy, …) and each connection's sent queries
// in its own Queue (src/queue.js). patches/postgres+3.4.9.patch makes the queue drop the holes
// shift() leaves: upstream, a queue that never empties through shift() grew by one slot per
// shift, and remove() scanned them all, so a steady load slowed every query (45k -> 17k
// select 1 a second within 160k queries on the test server) and the arrays never shrank.

type Queue<T> = {
  readonly length: number;
  push(item: T): T;
  shift(): T | undefined;
  remove(item: T): T | null;
};
type QueueFactory = <T>(initial?: T[]) => Queue<T>;

const packageRoot = join(dirname(createRequire(import.meta.url).resolve('postgres')), '../..');
/** Both builds: `import` loads src/, `require` loads cjs/. */
const builds: [string, () => Promise<QueueFactory>][] = [
  [
    'src (import)',
    async () => (await import(pathToFileURL(join(packageRoot, 'src/queue.js')).href)).default,
  ],
  [
    'cjs (require)',
    async () => createRequire(import.meta.url)(join(packageRoot, 'cjs/src/queue.js')),
  ],
];

/**
 * The longest array searched with indexOf while `run` ran. The queue's remove() searches its
 * own array with indexOf, so this is how many slots the queue keeps, holes included.
 */
function longestArraySearched(run: () => void): number {
  const indexOf = Array.prototype.indexOf;
  let longest = 0;
  Array.prototype.indexOf = function (this: unknown[], ...args: [unknown, number?]) {
    longest = Math.max(longest, this.length);
    return indexOf.apply(this, args);
  };
  try {
    run();
  } finally {
    Array.prototype.indexOf = indexOf;
  }
  return longest;
}

describe.each(builds)("postgres.js's queue, %s", (_name, load) => {
  it('keeps first-in first-out order and removes any item, as an array would', async () => {
    const Queue = await load();
    const queue = Queue<number>([1, 2]);
    const model = [1, 2];
    let next = 3;
    // A fixed pseudo-random walk: pushes, shifts and removes in every order, many times past
    // the point where the queue drops its holes.
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    // Compared by hand: an expect() per step made the walk take seconds on a busy machine.
    const mismatches: string[] = [];
    const compare = (step: number, what: string, actual: unknown, expected: unknown) => {
      if (actual !== expected && mismatches.length < 10) {
        mismatches.push(`step ${step}, ${what}: ${actual} not ${expected}`);
      }
    };
    for (let step = 0; step < 20_000; step += 1) {
      const roll = random();
      if (roll < 0.4 || model.length === 0) {
        queue.push(next);
        model.push(next);
        next += 1;
      } else if (roll < 0.75) {
        compare(step, 'shift', queue.shift(), model.shift());
      } else {
        const item = model[Math.floor(random() * model.length)] as number;
        compare(step, 'remove', queue.remove(item), item);
        model.splice(model.indexOf(item), 1);
        compare(step, 'remove again', queue.remove(item), null);
      }
      compare(step, 'length', queue.length, model.length);
    }
    expect(mismatches).toEqual([]);
    while (model.length > 0) expect(queue.shift()).toBe(model.shift());
    expect(queue.length).toBe(0);
  });

  it('does not grow while items keep moving through it without it ever emptying', async () => {
    const Queue = await load();
    const first = { id: 1 };
    const second = { id: 2 };
    const queue = Queue([first, second]);
    // The pool's pattern: a connection taken from the front and put back, another moved out
    // and in again through remove(). Unpatched, the array holds a slot per turn by the end.
    const longest = longestArraySearched(() => {
      for (let turn = 0; turn < 20_000; turn += 1) {
        queue.push(queue.shift() as { id: number });
        queue.push(queue.remove(second) as { id: number });
      }
    });
    expect(queue.length).toBe(2);
    expect(longest).toBeLessThan(100);
  });
});
