import { describe, expect, it } from 'vitest';
import { SITE_CONTENT_DEFAULTS } from '../../core/site/site-content';
import { DRIVERS } from '../support/database';
import { SITE_ORIGIN, signInAsStaff } from '../support/staff';
import { useTestApp } from '../support/use-test-app';

// The dashboard's Site content section: executives edit the team directory, and the public
// home page (prerendered from GET /api/team) shows the edit on the next request.

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

function multipart(field: string, filename: string, bytes: Buffer) {
  const boundary = '----lunar-test-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

const aMember = {
  name: 'Orbit Test',
  role: 'Livery Designer',
  specialty: 'Liveries, Uniforms',
  discordUsername: 'orbit_test',
  quote: 'Ship it.',
  categoryIds: [] as string[],
};

describe.each(DRIVERS)('site content: the team directory on %s', (driver) => {
  const server = useTestApp(driver, { seed: true, web: true });

  const as = async (roles: Parameters<typeof signInAsStaff>[1]) =>
    (await signInAsStaff(server.database.db, roles)).cookie;
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: object) =>
    server.app.inject({
      method,
      url,
      headers: { cookie, origin: SITE_ORIGIN },
      ...(payload ? { payload } : {}),
    });

  it('adds one member when eight executives add the same new username at once, in any case', async () => {
    const cookie = await as(['executive']);
    const spellings = ['crnx1', 'crNx1', 'CRNX1', 'Crnx1', 'cRNX1', 'crnX1', 'CrNx1', 'crnx1'];
    for (const round of [1, 2, 3]) {
      const answers = await Promise.all(
        spellings.map((spelling) =>
          send('POST', '/api/staff/content/team/members', cookie, {
            ...aMember,
            name: `Racer ${round}`,
            discordUsername: `${spelling}_${round}`,
          }),
        ),
      );
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
      for (const refused of answers.filter((answer) => answer.statusCode === 409)) {
        expect(refused.json().message).toBe(
          'Another member has this Discord username (in any case).',
        );
      }
    }
    // Two renames to one free name at once: one wins, the other is told.
    const [a, b] = await Promise.all(
      ['renamer_a', 'renamer_b'].map(async (discordUsername) =>
        (
          await send('POST', '/api/staff/content/team/members', cookie, {
            ...aMember,
            discordUsername,
          })
        ).json(),
      ),
    );
    const renames = await Promise.all(
      [a, b].map((member, index) =>
        send('PUT', `/api/staff/content/team/members/${member.id}`, cookie, {
          ...aMember,
          discordUsername: index === 0 ? 'renamed_once' : 'RENAMED_once',
        }),
      ),
    );
    expect(renames.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const listed = await server.app.inject({ url: '/api/staff/content/team', headers: { cookie } });
    const usernames = (listed.json() as { members: { discordUsername: string }[] }).members.map(
      (member) => member.discordUsername.toLowerCase(),
    );
    for (const name of ['crnx1_1', 'crnx1_2', 'crnx1_3', 'renamed_once']) {
      expect(usernames.filter((username) => username === name)).toHaveLength(1);
    }
  });

  it('creates, edits and deletes a member; the public team and home page follow at once', async () => {
    const cookie = await as(['executive']);
    const listed = await server.app.inject({ url: '/api/staff/content/team', headers: { cookie } });
    expect(listed.statusCode).toBe(200);
    const { categories } = listed.json() as { categories: { id: string }[] };
    const categoryId = categories[0]?.id as string;
    expect(categoryId).toBeTruthy();

    const created = await send('POST', '/api/staff/content/team/members', cookie, {
      ...aMember,
      categoryIds: [categoryId],
    });
    expect(created.statusCode).toBe(201);
    const member = created.json() as { id: number; pfpUrl: string };
    expect(member).toMatchObject({ name: 'Orbit Test', categoryIds: [categoryId] });

    const team = (await server.app.inject({ url: '/api/team' })).json() as {
      categories: { id: string; members: { name: string }[] }[];
    };
    const inCategory = team.categories.find((category) => category.id === categoryId);
    expect(inCategory?.members.at(-1)?.name).toBe('Orbit Test');
    expect((await server.app.inject({ url: '/' })).body).toContain('Orbit Test');

    const updated = await send('PUT', `/api/staff/content/team/members/${member.id}`, cookie, {
      ...aMember,
      name: 'Orbit Renamed',
      categoryIds: [categoryId],
    });
    expect(updated.statusCode).toBe(200);
    const home = (await server.app.inject({ url: '/' })).body;
    expect(home).toContain('Orbit Renamed');
    expect(home).not.toContain('Orbit Test');

    const { body, contentType } = multipart('image', 'a.png', PNG);
    const uploaded = await server.app.inject({
      method: 'POST',
      url: `/api/staff/content/team/members/${member.id}/avatar`,
      headers: { cookie, origin: SITE_ORIGIN, 'content-type': contentType },
      payload: body,
    });
    expect(uploaded.statusCode).toBe(200);
    const pfpUrl = (uploaded.json() as { pfpUrl: string }).pfpUrl;
    expect(pfpUrl).toMatch(/^\/media\/site\/[0-9a-f]{64}$/);
    const image = await server.app.inject({ url: pfpUrl });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toContain('immutable');
    expect(image.rawPayload.equals(PNG)).toBe(true);
    const publicMember = (
      (await server.app.inject({ url: '/api/team' })).json() as {
        categories: { members: { name: string; pfpUrl: string }[] }[];
      }
    ).categories
      .flatMap((category) => category.members)
      .find((one) => one.name === 'Orbit Renamed');
    expect(publicMember?.pfpUrl).toBe(pfpUrl);

    const deleted = await send('DELETE', `/api/staff/content/team/members/${member.id}`, cookie);
    expect(deleted.statusCode).toBe(204);
    expect((await server.app.inject({ url: '/api/team' })).body).not.toContain('Orbit Renamed');
  });

  it('refuses bad input with clear 4xx and stores nothing', async () => {
    const cookie = await as(['executive']);
    const before = (await server.app.inject({ url: '/api/team' })).body;
    const blank = await send('POST', '/api/staff/content/team/members', cookie, {
      ...aMember,
      name: ' ',
      discordUsername: 'no spaces allowed',
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fieldErrors).toMatchObject({
      name: expect.any(String),
      discordUsername: expect.any(String),
    });
    const unknownCategory = await send('POST', '/api/staff/content/team/members', cookie, {
      ...aMember,
      categoryIds: ['nope'],
    });
    expect(unknownCategory.statusCode).toBe(400);
    expect(unknownCategory.json().message).toContain('nope');

    const first = await send('POST', '/api/staff/content/team/members', cookie, aMember);
    expect(first.statusCode).toBe(201);
    const again = await send('POST', '/api/staff/content/team/members', cookie, {
      ...aMember,
      discordUsername: 'ORBIT_TEST',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Another member has this Discord username (in any case).');
    const id = (first.json() as { id: number }).id;

    const { body, contentType } = multipart('image', 'evil.png', Buffer.from('<svg onload=x>'));
    const notImage = await server.app.inject({
      method: 'POST',
      url: `/api/staff/content/team/members/${id}/banner`,
      headers: { cookie, origin: SITE_ORIGIN, 'content-type': contentType },
      payload: body,
    });
    expect(notImage.statusCode).toBe(400);
    const big = multipart('image', 'big.png', Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]));
    const tooLarge = await server.app.inject({
      method: 'POST',
      url: `/api/staff/content/team/members/${id}/banner`,
      headers: { cookie, origin: SITE_ORIGIN, 'content-type': big.contentType },
      payload: big.body,
    });
    expect(tooLarge.statusCode).toBe(413);
    const missing = await send('PUT', '/api/staff/content/team/members/999999', cookie, aMember);
    expect(missing.statusCode).toBe(404);
    await send('DELETE', `/api/staff/content/team/members/${id}`, cookie);
    expect((await server.app.inject({ url: '/api/team' })).body).toBe(before);
  });

  it('edits categories: create, rename, delete (members stay)', async () => {
    const cookie = await as(['executive']);
    const bad = await send('PUT', '/api/staff/content/team/categories/new-team', cookie, {
      name: 'New team',
      icon: 'not-an-icon',
    });
    expect(bad.statusCode).toBe(400);
    const icon = (
      (await server.app.inject({ url: '/api/team' })).json() as {
        categories: { icon: string }[];
      }
    ).categories[0]?.icon;
    const saved = await send('PUT', '/api/staff/content/team/categories/new-team', cookie, {
      name: 'New team',
      icon,
    });
    expect(saved.statusCode).toBe(200);
    let team = (await server.app.inject({ url: '/api/team' })).json() as {
      categories: { id: string; name: string }[];
    };
    expect(team.categories.at(-1)).toMatchObject({ id: 'new-team', name: 'New team' });
    expect(
      (await send('DELETE', '/api/staff/content/team/categories/new-team', cookie)).statusCode,
    ).toBe(204);
    team = (await server.app.inject({ url: '/api/team' })).json();
    expect(team.categories.some((category) => category.id === 'new-team')).toBe(false);
  });

  it('is for executives only, and checks the origin of a write', async () => {
    const lead = await as(['lead']);
    expect(
      (await server.app.inject({ url: '/api/staff/content/team', headers: { cookie: lead } }))
        .statusCode,
    ).toBe(403);
    expect((await send('POST', '/api/staff/content/team/members', lead, aMember)).statusCode).toBe(
      403,
    );
    const executive = await as(['executive']);
    const forged = await server.app.inject({
      method: 'POST',
      url: '/api/staff/content/team/members',
      headers: { cookie: executive },
      payload: aMember,
    });
    expect(forged.statusCode).toBe(403);
  });

  it('stores promos, services, pricing and stats per key; the home page shows them; reset restores the default', async () => {
    const cookie = await as(['executive']);
    const read = await server.app.inject({
      url: '/api/staff/content/site/pricing',
      headers: { cookie },
    });
    expect(read.json()).toMatchObject({ stored: false, value: SITE_CONTENT_DEFAULTS.pricing });

    const plans = [{ title: 'Moon Plan', price: 4321, features: ['Everything'], popular: true }];
    const saved = await send('PUT', '/api/staff/content/site/pricing', cookie, plans);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      stored: true,
      value: plans,
      version: expect.stringMatching(/^\d+$/),
    });
    const promos = [
      { id: 'spring', text: 'Spring Moon Sale', startsOn: '2000-01-01', endsOn: '2999-12-31' },
    ];
    expect((await send('PUT', '/api/staff/content/site/promos', cookie, promos)).statusCode).toBe(
      200,
    );
    const stats = [{ icon: 'users', value: '777', label: 'Moon Clients' }];
    expect((await send('PUT', '/api/staff/content/site/stats', cookie, stats)).statusCode).toBe(
      200,
    );

    const home = (await server.app.inject({ url: '/' })).body;
    for (const text of ['Moon Plan', 'Spring Moon Sale', 'Moon Clients'])
      expect(home).toContain(text);
    expect(home).not.toContain(SITE_CONTENT_DEFAULTS.pricing[0]?.title);

    // Bad values: a clear 400 with the field's path, nothing stored.
    const backwards = await send('PUT', '/api/staff/content/site/promos', cookie, [
      { id: 'x', text: 'Backwards', startsOn: '2026-02-01', endsOn: '2026-01-01' },
    ]);
    expect(backwards.statusCode).toBe(400);
    expect(JSON.stringify(backwards.json().fieldErrors)).toContain('endsOn');
    const noPlans = await send('PUT', '/api/staff/content/site/pricing', cookie, []);
    expect(noPlans.statusCode).toBe(400);
    const unknown = await send('PUT', '/api/staff/content/site/hero', cookie, []);
    expect(unknown.statusCode).toBe(400);
    expect((await server.app.inject({ url: '/api/site-content' })).json().pricing).toEqual(plans);

    const reset = await send('DELETE', '/api/staff/content/site/pricing', cookie);
    expect(reset.json()).toMatchObject({ stored: false });
    expect((await server.app.inject({ url: '/' })).body).not.toContain('Moon Plan');
    const lead = await as(['lead']);
    expect((await send('PUT', '/api/staff/content/site/pricing', lead, plans)).statusCode).toBe(
      403,
    );
  });
});
