import { describe, expect, it } from 'vitest';
import { DRIVERS } from '../support/database';
import { SITE_ORIGIN, signInAsStaff } from '../support/staff';
import { useTestApp } from '../support/use-test-app';

// The team directory's categories as the dashboard edits them: created from a name, renamed,
// reordered and deleted, executives only. Two executives at once get one clear answer each
// (201/200, or 409/404 in words), never a 500, a duplicate or half an order.

type Category = { id: string; name: string; icon: string };
const BASE = '/api/staff/content/team';

describe.each(DRIVERS)('team categories on %s', (driver) => {
  const server = useTestApp(driver);

  const cookieOf = async (roles: Parameters<typeof signInAsStaff>[1] = ['executive']) =>
    (await signInAsStaff(server.database.db, roles)).cookie;
  const send = (
    method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    cookie: string,
    body?: unknown,
  ) =>
    server.app.inject({
      method,
      url: `${BASE}${url}`,
      headers: { cookie, origin: SITE_ORIGIN },
      ...(body === undefined ? {} : { payload: body as object }),
    });
  const categories = async (cookie: string) =>
    (
      (await server.app.inject({ url: BASE, headers: { cookie } })).json() as {
        categories: Category[];
      }
    ).categories;
  const create = (cookie: string, name: string, icon = 'palette') =>
    send('POST', '/categories', cookie, { name, icon });

  it('creates a category from a name, renames it, orders and deletes it', async () => {
    const cookie = await cookieOf();
    const created = await create(cookie, 'Graphics & Art');
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().category).toEqual({
      id: 'graphics-art',
      name: 'Graphics & Art',
      icon: 'palette',
    });
    expect((await create(cookie, 'Liveries', 'car')).statusCode).toBe(201);
    // Another name that makes the same id gets its own.
    const twin = await create(cookie, 'Graphics: Art');
    expect(twin.json().category.id).toBe('graphics-art-2');

    const renamed = await send('PATCH', '/categories/graphics-art', cookie, {
      name: 'Graphics',
      icon: 'image',
    });
    expect(renamed.statusCode).toBe(200);
    expect((await categories(cookie)).map((one) => one.name)).toEqual([
      'Graphics',
      'Liveries',
      'Graphics: Art',
    ]);

    const ordered = await send('PUT', '/categories/order', cookie, {
      ids: ['liveries', 'graphics-art-2', 'graphics-art'],
    });
    expect(ordered.statusCode).toBe(200);
    expect(ordered.json().categories.map((one: Category) => one.id)).toEqual([
      'liveries',
      'graphics-art-2',
      'graphics-art',
    ]);
    // The public directory follows (members make a category show on the home page).
    const team = (await server.app.inject({ url: '/api/team' })).json();
    expect(team.categories.map((one: Category) => one.id)).toEqual([
      'liveries',
      'graphics-art-2',
      'graphics-art',
    ]);

    for (const id of ['liveries', 'graphics-art-2', 'graphics-art']) {
      expect((await send('DELETE', `/categories/${id}`, cookie)).statusCode).toBe(204);
    }
    expect(await categories(cookie)).toEqual([]);
  });

  it('keeps the members of a deleted category, in their other categories', async () => {
    const cookie = await cookieOf();
    await create(cookie, 'Uniforms', 'shirt');
    await create(cookie, 'Bots', 'bot');
    const member = await send('POST', '/members', cookie, {
      name: 'Tailor',
      role: 'Designer',
      specialty: 'Uniforms',
      discordUsername: 'tailor_cat',
      categoryIds: ['uniforms', 'bots'],
    });
    expect(member.statusCode, member.body).toBe(201);
    expect((await send('DELETE', '/categories/uniforms', cookie)).statusCode).toBe(204);
    const { members } = (await server.app.inject({ url: BASE, headers: { cookie } })).json();
    expect(members.find((one: { name: string }) => one.name === 'Tailor').categoryIds).toEqual([
      'bots',
    ]);
    await send('DELETE', '/categories/bots', cookie);
    const left = (await server.app.inject({ url: BASE, headers: { cookie } })).json().members;
    expect(left.find((one: { name: string }) => one.name === 'Tailor').categoryIds).toEqual([]);
    await send('DELETE', `/members/${member.json().id}`, cookie);
  });

  it('refuses bad input in words and stores nothing', async () => {
    const cookie = await cookieOf();
    const blank = await create(cookie, ' ', 'no-such-icon');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fieldErrors).toEqual({
      name: 'Name is required',
      icon: "Icon: pick one of the site's icons",
    });
    expect((await send('POST', '/categories', cookie, ['nope'])).statusCode).toBe(400);
    expect(
      (await send('PATCH', '/categories/NOT_AN_ID', cookie, { name: 'x', icon: 'bot' })).statusCode,
    ).toBe(400);
    expect((await send('PUT', '/categories/order', cookie, { ids: 'all' })).statusCode).toBe(400);
    expect(await categories(cookie)).toEqual([]);

    await create(cookie, 'Banners', 'image');
    const same = await create(cookie, 'BANNERS', 'image');
    expect(same.statusCode).toBe(409);
    expect(same.json().message).toBe('A category named “BANNERS” already exists.');
    await create(cookie, 'Emojis', 'smile');
    const renameOnto = await send('PATCH', '/categories/emojis', cookie, {
      name: 'banners',
      icon: 'smile',
    });
    expect(renameOnto.statusCode).toBe(409);
    const gone = await send('PATCH', '/categories/nope', cookie, { name: 'Nope', icon: 'bot' });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('This category no longer exists: it was deleted.');
    expect((await send('DELETE', '/categories/nope', cookie)).statusCode).toBe(404);
    // An order that misses one (added meanwhile) is refused whole.
    const stale = await send('PUT', '/categories/order', cookie, { ids: ['emojis'] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/^The categories changed meanwhile/);
    const twice = await send('PUT', '/categories/order', cookie, { ids: ['emojis', 'emojis'] });
    expect(twice.statusCode).toBe(409);
    expect((await categories(cookie)).map((one) => one.id)).toEqual(['banners', 'emojis']);
    for (const id of ['banners', 'emojis']) await send('DELETE', `/categories/${id}`, cookie);
  });

  it('is for executives only', async () => {
    const lead = await cookieOf(['lead']);
    expect((await create(lead, 'Leads')).statusCode).toBe(403);
    expect((await send('PUT', '/categories/order', lead, { ids: [] })).statusCode).toBe(403);
    const executive = await cookieOf();
    const forged = await server.app.inject({
      method: 'POST',
      url: `${BASE}/categories`,
      headers: { cookie: executive },
      payload: { name: 'Forged', icon: 'bot' },
    });
    expect(forged.statusCode).toBe(403);
  });

  it('two executives creating the same category at once: one is created, one told why', async () => {
    const [a, b] = [await cookieOf(), await cookieOf()];
    const answers = await Promise.all([
      create(a, 'Photography', 'camera'),
      create(b, 'photography', 'camera'),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect((await categories(a)).filter((one) => one.id.startsWith('photography'))).toHaveLength(1);
    await send('DELETE', '/categories/photography', a);
  });

  it('a reorder racing a new category: the order is refused or includes it, never half', async () => {
    const [a, b] = [await cookieOf(), await cookieOf()];
    await create(a, 'One', 'star');
    await create(a, 'Two', 'star');
    const [order, created] = await Promise.all([
      send('PUT', '/categories/order', a, { ids: ['two', 'one'] }),
      create(b, 'Three', 'star'),
    ]);
    expect(created.statusCode).toBe(201);
    expect([200, 409]).toContain(order.statusCode);
    const ids = (await categories(a)).map((one) => one.id);
    expect(ids).toHaveLength(3);
    expect(ids.at(-1)).toBe('three');
    for (const id of ids) await send('DELETE', `/categories/${id}`, a);
  });

  it('a member saved into a category being deleted: a clear answer, never a 500', async () => {
    const cookie = await cookieOf();
    const member = await send('POST', '/members', cookie, {
      name: 'Racer',
      role: 'Designer',
      specialty: '',
      discordUsername: 'racer_cat',
      categoryIds: [],
    });
    const id = member.json().id as number;
    for (let round = 0; round < 6; round++) {
      await create(cookie, 'Racing', 'zap');
      const [saved, deleted] = await Promise.all([
        send('PUT', `/members/${id}`, cookie, {
          name: 'Racer',
          role: 'Designer',
          specialty: '',
          discordUsername: 'racer_cat',
          categoryIds: ['racing'],
        }),
        send('DELETE', '/categories/racing', cookie),
      ]);
      expect(deleted.statusCode).toBe(204);
      // Saved before the delete (the link went with the category), or told in words after it.
      expect([200, 400, 409], saved.body).toContain(saved.statusCode);
      if (saved.statusCode !== 200) expect(saved.json().message).toEqual(expect.any(String));
    }
    const stored = (await server.app.inject({ url: BASE, headers: { cookie } })).json().members;
    expect(stored.find((one: { id: number }) => one.id === id).categoryIds).toEqual([]);
  });
});
