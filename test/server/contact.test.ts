import { describe, expect, it } from 'vitest';
import { contactMessages, outbox } from '../../db/schema';
import { freshIp } from '../support/app';
import { DRIVERS } from '../support/database';
import { countRows } from '../support/rows';
import { useTestApp } from '../support/use-test-app';

const validMessage = () => ({
  name: 'Jordan',
  email: 'jordan@example.com',
  subject: 'Logo for River City',
  message: 'Hi! We would like a new logo and banner set for our ERLC server.',
});

describe.each(DRIVERS)('POST /api/contact on %s', (driver) => {
  const server = useTestApp(driver);

  const count = async () => ({
    messages: await countRows(server.database.db, contactMessages),
    outbox: await countRows(server.database.db, outbox),
  });

  const post = (payload: unknown, remoteAddress = freshIp(), headers = {}) =>
    server.app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress,
      headers: { 'content-type': 'application/json', ...headers },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });

  it('stores the message and exactly one outbox row, answering 201 with its id', async () => {
    const before = await count();
    const response = await post(validMessage());
    expect(response.statusCode).toBe(201);
    const { id } = response.json();
    expect(typeof id).toBe('number');
    const [stored] = await server.database.db.select().from(contactMessages);
    expect(stored).toMatchObject({ id, ...validMessage() });
    const rows = await server.database.db.select().from(outbox);
    expect(rows.filter((row) => row.refId === id)).toEqual([
      expect.objectContaining({ kind: 'contact_message', refId: id, status: 'pending' }),
    ]);
    expect(await count()).toEqual({
      messages: before.messages + 1,
      outbox: before.outbox + 1,
    });
  });

  it('stores a script payload as text, verbatim', async () => {
    const script = '<script>alert(1)</script>';
    const response = await post({ ...validMessage(), subject: script, message: script });
    expect(response.statusCode).toBe(201);
    const rows = await server.database.db.select().from(contactMessages);
    expect(rows.find((row) => row.id === response.json().id)?.message).toBe(script);
  });

  const badBodies: [string, unknown, Record<string, string>][] = [
    ['missing fields', {}, { name: 'Name is required', email: 'Email is required' }],
    ['a number for the name', { ...validMessage(), name: 42 }, { name: 'Name is required' }],
    [
      'an array for the email',
      { ...validMessage(), email: ['a@b.co'] },
      { email: 'Email is required' },
    ],
    [
      'an invalid e-mail',
      { ...validMessage(), email: 'not-an-address' },
      { email: 'Please enter a valid email address' },
    ],
    [
      'a message over 5000 characters',
      { ...validMessage(), message: 'x'.repeat(5001) },
      { message: 'Message must be at most 5000 characters' },
    ],
    ['blank fields', { ...validMessage(), subject: '   ' }, { subject: 'Subject is required' }],
  ];

  it.each(badBodies)(
    'answers 400 with field errors for %s and stores nothing',
    async (_, body, errors) => {
      const before = await count();
      const response = await post(body);
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors).toMatchObject(errors);
      expect(await count()).toEqual(before);
    },
  );

  it('answers 413 for a body over 256 KB and stores nothing', async () => {
    const before = await count();
    const response = await post({ ...validMessage(), message: 'x'.repeat(300 * 1024) });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBeTruthy();
    expect(await count()).toEqual(before);
  });

  it('answers 415 for a body that is not JSON and stores nothing', async () => {
    const before = await count();
    const response = await post('name=Jordan&email=a@b.co', freshIp(), {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(response.statusCode).toBe(415);
    const text = await post('hello', freshIp(), { 'content-type': 'text/plain' });
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toBe('Send the form as JSON (Content-Type: application/json).');
    expect(await count()).toEqual(before);
  });

  it('answers 400 for malformed JSON and stores nothing', async () => {
    const before = await count();
    const response = await post('{"name": ');
    expect(response.statusCode).toBe(400);
    expect(await count()).toEqual(before);
  });

  it('silently drops a filled honeypot: 201, nothing stored', async () => {
    const before = await count();
    const response = await post({ ...validMessage(), website: 'http://spam.example' });
    expect(response.statusCode).toBe(201);
    expect(await count()).toEqual(before);
  });

  it('limits each address to 5 messages per 10 minutes with a clear 429', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) expect((await post(validMessage(), ip)).statusCode).toBe(201);
    const before = await count();
    const limited = await post(validMessage(), ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/too many messages/i);
    expect(await count()).toEqual(before);
    // Another address is not affected.
    expect((await post(validMessage())).statusCode).toBe(201);
  });
});
