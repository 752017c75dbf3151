import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/use-test-app';

// The contact form allows 5 messages per client address per 10 minutes.
const message = { name: 'Ada', email: 'ada@example.com', subject: 'Hi', message: 'Hello there' };

function sendFrom(server: ReturnType<typeof useTestApp>, forwardedFor: string) {
  return server.app.inject({
    method: 'POST',
    url: '/api/contact',
    headers: { 'x-forwarded-for': forwardedFor },
    payload: message,
  });
}

describe('client addresses behind one proxy (TRUST_PROXY=1)', () => {
  const server = useTestApp('pglite', { env: { TRUST_PROXY: '1' } });

  it('counts the address the proxy saw, whatever the client puts in front of it', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      // A client forging a new leftmost address each time; the proxy appends the real one.
      statuses.push((await sendFrom(server, `203.0.113.${i}, 198.51.100.7`)).statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    expect((await sendFrom(server, '198.51.100.8')).statusCode).toBe(201);
  });
});

describe('without a proxy (TRUST_PROXY unset)', () => {
  const server = useTestApp('pglite');

  it('ignores X-Forwarded-For entirely', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      statuses.push((await sendFrom(server, `198.51.100.${i}`)).statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });
});

describe('IPv6 clients behind one proxy', () => {
  const server = useTestApp('pglite', { env: { TRUST_PROXY: '1' } });

  it('counts one /64 as one client, whichever of its addresses it uses', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 6; i += 1) {
      statuses.push((await sendFrom(server, `2001:db8:7:7::${i.toString(16)}`)).statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    expect((await sendFrom(server, '2001:db8:7:8::1')).statusCode).toBe(201);
  });
});
