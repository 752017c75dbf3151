import type { PGlite } from '@electric-sql/pglite';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * PGlite runs each statement synchronously on this thread and hands its lock from one caller
 * to the next in microtasks, so a backlog of transactions (a burst of form posts) would run as
 * one chain that holds the event loop for as long as they all take: no request, timer or health
 * check answered meanwhile. Here the calls made outside a transaction (queries, transactions,
 * migrations) take turns: one at a time, each after a turn of the event loop, and the
 * statements inside a transaction run on PGlite's own transaction object as they would.
 * Everything else is the PGlite instance itself (docs/decisions/045-embedded-database.md).
 */
export function takingTurns(pglite: PGlite): PGlite {
  let last: Promise<unknown> = Promise.resolve();
  function inTurn<T>(run: () => Promise<T>): Promise<T> {
    const turn = last.then(nextTurn).then(run);
    last = turn.catch(() => {});
    return turn;
  }
  const turns = {
    query: (...args: Parameters<PGlite['query']>) => inTurn(() => pglite.query(...args)),
    exec: (...args: Parameters<PGlite['exec']>) => inTurn(() => pglite.exec(...args)),
    transaction: (...args: Parameters<PGlite['transaction']>) =>
      inTurn(() => pglite.transaction(...args)),
  };
  return new Proxy(pglite, {
    get(target, key) {
      if (key in turns) return turns[key as keyof typeof turns];
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
