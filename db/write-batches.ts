import { statementRefused } from './availability';

/**
 * Group commit for a hot write (decision 035): calls that arrive while earlier ones are at the
 * database wait, then go together, as one statement and one commit. An idle server writes each
 * call alone, at once; under load a batch holds whatever arrived during the last round trip,
 * so one commit's disk flush and one round trip serve many requests.
 *
 * `write` takes the items in order and returns one result per item, in the same order; it runs
 * as one statement, so it stores all of them or none. When a batch fails with an answer from
 * the database (a SQLSTATE: the statement ran and rolled back), each of its items is written
 * again alone, so one input the database refuses fails only its own call. Any other failure
 * (the connection lost, where a commit may or may not have happened) fails every call of the
 * batch and writes nothing again: a second write could store a row twice.
 */
export function createWriteBatches<Item, Result>(
  write: (items: Item[]) => Promise<Result[]>,
  { maxBatch = 50, concurrency = 2 }: { maxBatch?: number; concurrency?: number } = {},
): (item: Item) => Promise<Result> {
  type Waiting = {
    item: Item;
    resolve: (result: Result) => void;
    reject: (error: unknown) => void;
  };
  const waiting: Waiting[] = [];
  let inFlight = 0;
  let scheduled = false;

  async function run(batch: Waiting[]): Promise<void> {
    try {
      const results = await write(batch.map((call) => call.item));
      if (results.length !== batch.length) {
        throw new Error(`a batch of ${batch.length} writes returned ${results.length} results`);
      }
      for (const [index, call] of batch.entries()) call.resolve(results[index] as Result);
    } catch (error) {
      if (batch.length === 1 || !statementRefused(error)) {
        for (const call of batch) call.reject(error);
        return;
      }
      await Promise.all(
        batch.map((call) =>
          write([call.item]).then(([result]) => call.resolve(result as Result), call.reject),
        ),
      );
    }
  }

  function pump(): void {
    scheduled = false;
    while (inFlight < concurrency && waiting.length > 0) {
      inFlight += 1;
      run(waiting.splice(0, maxBatch)).finally(() => {
        inFlight -= 1;
        pump();
      });
    }
  }

  return (item) =>
    new Promise<Result>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      // The calls parsed in this turn of the event loop leave together.
      if (!scheduled) {
        scheduled = true;
        setImmediate(pump);
      }
    });
}
