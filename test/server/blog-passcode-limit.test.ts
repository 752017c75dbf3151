import { describe, expect, it } from 'vitest';
import { freshIp } from '../support/app';
import { DRIVERS } from '../support/database';
import { useTestApp } from '../support/use-test-app';

const PASSCODE = 'test-passcode-123';

// The limit must hold against guesses sent at once, not only one after another.
describe.each(DRIVERS)('blog passcode limit on %s', (driver) => {
  const server = useTestApp(driver, { seed: true, env: { BLOG_ADMIN_PASSCODE: PASSCODE } });

  const signIn = (passcode: string, remoteAddress: string) =>
    server.app.inject({
      method: 'POST',
      url: '/api/blog/session',
      remoteAddress,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ passcode }),
    });

  it('answers at most 5 of 30 parallel wrong passcodes with 401, the rest 429', async () => {
    const ip = freshIp();
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => signIn(`wrong-passcode-${i}`, ip)),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(25);
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);

    const right = await signIn(PASSCODE, ip);
    expect(right.statusCode).toBe(429);
    expect(right.headers['set-cookie']).toBeUndefined();
  });

  it('never locks out someone who keeps signing in with the right passcode', async () => {
    const ip = freshIp();
    for (let i = 0; i < 8; i++) expect((await signIn(PASSCODE, ip)).statusCode).toBe(200);
    // A right answer resets the count, so the next wrong ones get the full 5 tries.
    for (let i = 0; i < 5; i++) expect((await signIn(`wrong-${i}`, ip)).statusCode).toBe(401);
    expect((await signIn(PASSCODE, ip)).statusCode).toBe(429);
  });
});
