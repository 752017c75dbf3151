import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contactMessages } from '../../db/schema';
import { freshIp } from '../support/app';
import { DRIVERS } from '../support/database';
import { countPublicRows } from '../support/fuzz';
import { useTestApp } from '../support/use-test-app';

// Issue 10's reproducers: each was a 500 (or a silently altered row) before the one text rule.
const contact = (name: string) =>
  `{"name":"${name}","email":"a@example.com","subject":"Logo","message":"A new logo please."}`;

describe.each(DRIVERS)('bad bytes on %s', (driver) => {
  const server = useTestApp(driver, { seed: true });

  const postContact = (payload: string) =>
    server.app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: freshIp(),
      headers: { 'content-type': 'application/json' },
      payload,
    });

  it.each([
    ['a NUL', 'Jo\\u0000rdan', 'Name contains a NUL character'],
    ['lone surrogates', '\\udc00\\udc00', 'Name contains broken Unicode (a lone surrogate)'],
    ['a control character', 'Jo\\u001brdan', 'Name contains a control character'],
  ])(
    'refuses %s in a contact field with a 400 naming it, storing nothing',
    async (_, name, message) => {
      const before = await countPublicRows(server.database);
      const response = await postContact(contact(name));
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors.name).toContain(message);
      expect(await countPublicRows(server.database)).toEqual(before);
    },
  );

  it('stores text NFC-normalised', async () => {
    const response = await postContact(contact('Rene\\u0301e'));
    expect(response.statusCode).toBe(201);
    const [stored] = await server.database.db
      .select({ name: contactMessages.name })
      .from(contactMessages)
      .where(eq(contactMessages.id, response.json().id));
    expect(stored).toEqual({ name: 'Ren\u00e9e' });
  });

  it.each([
    '/api/blog/posts?cursor=2024-02-30.1',
    '/api/blog/posts?cursor=2024-01-01.2147483648',
    '/api/blog/posts?limit=1e400',
    '/api/portfolios/%00',
    '/api/portfolios/a%1Bb',
  ])('answers GET %s with a 4xx', async (url) => {
    const response = await server.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });
});
