/** How long a database answer counts as current: the health check then asks again in the background. */
const FRESH_MS = 1000;
/**
 * How long the last answer still vouches for the database while a newer ping waits its turn.
 * A ping queues behind the writes in progress (the embedded database runs one statement at a
 * time): under a burst the database is busy, not down.
 */
const VOUCHES_MS = 5000;
/** With nothing recent enough, how long the health check waits for its ping. */
const WAIT_MS = 800;

/**
 * A part of `/api/health` (the database, the bucket): up while a ping answered within the last
 * few seconds and none failed since, so a load balancer's check is answered at once even while
 * requests queue for the database, yet a part that fails or stops answering is reported down
 * within seconds. `ping` asks it one trivial thing (a query, a HEAD of the bucket).
 */
export function createReachabilityCheck(ping: () => Promise<void>, now = () => Date.now()) {
  let answeredAt = Number.NEGATIVE_INFINITY;
  let failed = false;
  let pinging: Promise<void> | null = null;

  function pingNow(): Promise<void> {
    pinging ??= ping()
      .then(
        () => {
          answeredAt = now();
          failed = false;
        },
        (error: unknown) => {
          failed = true;
          throw error;
        },
      )
      .finally(() => {
        pinging = null;
      });
    return pinging;
  }

  /** Resolves when the database counts as up; rejects (with why) when it does not. */
  return async function checkDatabase(): Promise<void> {
    const age = now() - answeredAt;
    if (!failed && age < FRESH_MS) return;
    const answer = pingNow();
    if (!failed && age < VOUCHES_MS) {
      answer.catch(() => {}); // reported by the next check
      return;
    }
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        answer,
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${WAIT_MS} ms`)), WAIT_MS);
        }),
      ]);
    } finally {
      clearTimeout(timer);
    }
  };
}
