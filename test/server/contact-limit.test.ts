import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { CHANGES_CHANNEL, parseChange } from '../../db/changes';
import { contactMessages, outbox } from '../../db/schema';
import { CONTACT_RATE_LIMIT } from '../../server/routes/contact';
import { freshIp } from '../support/app';
import { DRIVERS } from '../support/database';
import { useTestApp } from '../support/use-test-app';

// The contact form's per-address limit (the rate-limit plugin, as every limited route): it
// holds when one address sends many at once, a 429 stores nothing, and the answer says why.
const aMessage = (subject: string) => ({
  name: 'Jordan',
  email: 'jordan@example.com',
  subject,
  message: 'Hi! We would like a new logo and banner set for our ERLC server.',
});

describe.each(DRIVERS)('the contact form limit on %s', (driver) => {
  const server = useTestApp(driver);

  const post = (payload: unknown, remoteAddress: string) =>
    server.app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });

  const storedFrom = async (subjectPrefix: string) => {
    const messages = await server.database.db.select().from(contactMessages);
    const ids = messages.filter((row) => row.subject.startsWith(subjectPrefix)).map((m) => m.id);
    const queued = await server.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.kind, 'contact_message'));
    return { ids, queued: queued.filter((row) => ids.includes(row.refId)) };
  };

  it('stores exactly max of 20 parallel messages from one address, one delivery each', async () => {
    const ip = freshIp();
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, n) => post(aMessage(`Parallel ${n}`), ip)),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(CONTACT_RATE_LIMIT.max);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20 - CONTACT_RATE_LIMIT.max);
    const answeredIds = responses
      .filter((response) => response.statusCode === 201)
      .map((response) => response.json().id as number)
      .sort((a, b) => a - b);
    const { ids, queued } = await storedFrom('Parallel ');
    expect(ids.sort((a, b) => a - b)).toEqual(answeredIds);
    expect(queued.map((row) => row.refId).sort((a, b) => a - b)).toEqual(answeredIds);
    expect(queued.every((row) => row.status === 'pending')).toBe(true);
  });

  it('answers the 429 with its message, Retry-After and X-RateLimit-* headers', async () => {
    const ip = freshIp();
    const first = await post(aMessage('Headers 0'), ip);
    expect(first.headers).toMatchObject({
      'x-ratelimit-limit': '5',
      'x-ratelimit-remaining': '4',
      'x-ratelimit-reset': '600',
    });
    for (let n = 1; n < CONTACT_RATE_LIMIT.max; n += 1) await post(aMessage(`Headers ${n}`), ip);
    const limited = await post(aMessage('Headers limited'), ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      message: 'You have sent too many messages. Please try again in 10 minutes.',
    });
    expect(limited.headers).toMatchObject({
      'x-ratelimit-limit': '5',
      'x-ratelimit-remaining': '0',
      'retry-after': expect.stringMatching(/^(59\d|600)$/),
      'x-ratelimit-reset': expect.stringMatching(/^(59\d|600)$/),
    });
    expect((await storedFrom('Headers limited')).ids).toEqual([]);
  });

  it('counts a filled honeypot and invalid fields too, and the 429 comes before the 400', async () => {
    const ip = freshIp();
    const honeypot = await post(
      { ...aMessage('Counted honeypot'), website: 'http://spam.example' },
      ip,
    );
    expect(honeypot.statusCode).toBe(201);
    expect(honeypot.headers['x-ratelimit-remaining']).toBe('4');
    expect((await post({}, ip)).statusCode).toBe(400);
    for (let n = 2; n < CONTACT_RATE_LIMIT.max; n += 1)
      expect((await post(aMessage(`Counted ${n}`), ip)).statusCode).toBe(201);
    expect((await post({}, ip)).statusCode).toBe(429);
    expect((await post({ ...aMessage('Counted honeypot'), website: 'x' }, ip)).statusCode).toBe(
      429,
    );
    expect((await storedFrom('Counted')).ids).toHaveLength(CONTACT_RATE_LIMIT.max - 2);
  });

  it('announces a stored message on the changes channel', async () => {
    const seen: number[] = [];
    const stop = await server.database.listen(CHANGES_CHANNEL, (payload) => {
      const change = parseChange(payload);
      if (change?.table === 'contact_messages') seen.push(Number(change.id));
    });
    try {
      const response = await post(aMessage('Announced'), freshIp());
      expect(response.statusCode).toBe(201);
      const { id } = response.json() as { id: number };
      await vi.waitFor(() => expect(seen).toContain(id), { timeout: 30_000, interval: 50 });
    } finally {
      await stop();
    }
  });
});
