import { describe, expect, it } from 'vitest';
import { createReachabilityCheck } from './reachability-check';

/** A ping the test answers by hand, and a clock it moves. */
function setup() {
  let time = 0;
  const pending: { resolve: () => void; reject: (error: Error) => void }[] = [];
  const ping = () => new Promise<void>((resolve, reject) => pending.push({ resolve, reject }));
  const check = createReachabilityCheck(ping, () => time);
  return {
    check,
    pending,
    advance: (ms: number) => {
      time += ms;
    },
  };
}

const settled = (promise: Promise<unknown>) =>
  Promise.race([
    promise.then(
      () => 'up',
      () => 'down',
    ),
    new Promise((r) => setTimeout(() => r('waiting'), 20)),
  ]);

describe('the health check of the database', () => {
  it('waits for the first ping, then answers from a fresh one without pinging', async () => {
    const { check, pending } = setup();
    const first = check();
    expect(pending).toHaveLength(1);
    pending[0]?.resolve();
    await expect(first).resolves.toBeUndefined();
    await expect(check()).resolves.toBeUndefined();
    expect(pending).toHaveLength(1);
  });

  it('answers at once while a recent answer vouches for a ping still waiting its turn', async () => {
    const { check, pending, advance } = setup();
    const first = check();
    pending[0]?.resolve();
    await first;
    advance(2000);
    expect(await settled(check())).toBe('up');
    expect(pending).toHaveLength(2); // asked again in the background
    advance(2000);
    expect(await settled(check())).toBe('up');
    expect(pending).toHaveLength(2); // one ping at a time
  });

  it('reports down once nothing answered for seconds and the ping does not come back', async () => {
    const { check, pending, advance } = setup();
    const first = check();
    pending[0]?.resolve();
    await first;
    advance(6000);
    await expect(check()).rejects.toThrow(/no answer within/);
  });

  it('reports down at once after a failed ping, and up again after one answers', async () => {
    const { check, pending, advance } = setup();
    const first = check();
    pending[0]?.resolve();
    await first;
    advance(1500);
    expect(await settled(check())).toBe('up');
    pending[1]?.reject(new Error('connection refused'));
    await new Promise((r) => setTimeout(r, 0));
    const afterFailure = check();
    expect(pending).toHaveLength(3);
    pending[2]?.reject(new Error('connection refused'));
    await expect(afterFailure).rejects.toThrow('connection refused');
    const recovering = check();
    pending[3]?.resolve();
    await expect(recovering).resolves.toBeUndefined();
  });
});
