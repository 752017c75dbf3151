import { describe, expect, it } from 'vitest';
import { readContentVersion } from '../../db/repositories/content-version';
import { DRIVERS } from '../support/database';
import { SITE_ORIGIN, signInAsStaff } from '../support/staff';
import { useTestApp } from '../support/use-test-app';

// The dashboard's portfolio editing (executives): each part is saved whole and read back by the
// public API and the prerendered /team/portfolios/:username page on the next request. Also the
// nav's services dropdown, which lists the stored services on every page.

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

function multipart(bytes: Buffer) {
  const boundary = '----lunar-portfolio-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="shot.png"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

const aProfile = {
  username: 'orbit_folio',
  name: 'Orbit',
  title: 'Livery Designer',
  subtitle: 'Liveries that read at speed',
  about: { mainText: 'I design liveries.', secondaryText: '' },
  githubUrl: null,
  contactUrl: '/contact',
};

const aProject = {
  icon: 'car',
  title: 'Patrol Fleet',
  description: 'Twelve matching liveries for a county fleet.',
  tag: 'Liveries',
};

describe.each(DRIVERS)('site content: portfolios on %s', (driver) => {
  const server = useTestApp(driver, { seed: true, web: true });
  const base = '/api/staff/content/portfolios';

  const as = async (roles: Parameters<typeof signInAsStaff>[1]) =>
    (await signInAsStaff(server.database.db, roles)).cookie;
  const send = (
    method: 'POST' | 'PUT' | 'DELETE',
    url: string,
    cookie: string,
    payload?: unknown,
  ) =>
    server.app.inject({
      method,
      url,
      headers: { cookie, origin: SITE_ORIGIN },
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  const upload = (username: string, cookie: string, bytes: Buffer) => {
    const { body, contentType } = multipart(bytes);
    return server.app.inject({
      method: 'POST',
      url: `${base}/${username}/images`,
      headers: { cookie, origin: SITE_ORIGIN, 'content-type': contentType },
      payload: body,
    });
  };
  const publicPortfolio = async (username: string) =>
    (await server.app.inject({ url: `/api/portfolios/${username}` })).json();
  const publicPage = async (username: string) =>
    (await server.app.inject({ url: `/team/portfolios/${username}` })).body;
  const version = () => readContentVersion(server.database.db);

  it('creates a portfolio, edits its profile and skills; the public API and page follow', async () => {
    const cookie = await as(['executive']);
    const before = await version();
    const created = await send('POST', base, cookie, aProfile);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ username: 'orbit_folio', skills: [], projects: [] });
    expect(await version()).toBeGreaterThan(before);
    expect(await publicPage('orbit_folio')).toContain('Liveries that read at speed');
    const listed = await server.app.inject({ url: base, headers: { cookie } });
    expect(listed.json().portfolios).toContainEqual({
      username: 'orbit_folio',
      name: 'Orbit',
      title: 'Livery Designer',
      demo: false,
    });

    const profile = await send('PUT', `${base}/orbit_folio/profile`, cookie, {
      ...aProfile,
      username: undefined,
      title: 'Lead Livery Designer',
      githubUrl: 'https://github.com/orbit',
    });
    expect(profile.statusCode).toBe(200);
    expect(await publicPortfolio('orbit_folio')).toMatchObject({
      title: 'Lead Livery Designer',
      githubUrl: 'https://github.com/orbit',
      fallback: false,
    });

    // Add, then reorder and drop: the list saved is the list shown, in its order.
    const skills = [
      { name: 'Photoshop', level: 90 },
      { name: 'Blender', level: 75 },
      { name: 'Illustrator', level: 80 },
    ];
    expect((await send('PUT', `${base}/orbit_folio/skills`, cookie, skills)).statusCode).toBe(200);
    const reordered = [skills[2], skills[0]];
    const pageVersion = await version();
    expect((await send('PUT', `${base}/orbit_folio/skills`, cookie, reordered)).statusCode).toBe(
      200,
    );
    expect(await version()).toBeGreaterThan(pageVersion);
    expect((await publicPortfolio('orbit_folio')).skills).toEqual(reordered);
    const page = await publicPage('orbit_folio');
    expect(page).toContain('Lead Livery Designer');
    expect(page.indexOf('Illustrator')).toBeLessThan(page.indexOf('Photoshop'));
    expect(page).not.toContain('Blender');
  });

  it('adds a project with an uploaded image, edits it and deletes it', async () => {
    const cookie = await as(['executive']);
    await send('POST', base, cookie, { ...aProfile, username: 'proj_folio' });

    const uploaded = await upload('proj_folio', cookie, PNG);
    expect(uploaded.statusCode).toBe(201);
    const { url } = uploaded.json() as { url: string };
    expect(url).toMatch(/^\/media\/site\/[0-9a-f]{64}$/);
    const image = await server.app.inject({ url });
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);

    const withImage = [{ ...aProject, images: [url] }];
    const saved = await send('PUT', `${base}/proj_folio/projects`, cookie, withImage);
    expect(saved.statusCode).toBe(200);
    expect((await publicPortfolio('proj_folio')).projects).toEqual(withImage);
    let page = await publicPage('proj_folio');
    expect(page).toContain('Patrol Fleet');
    expect(page).toContain(`src="${url}"`);

    const edited = [{ ...aProject, title: 'Patrol Fleet II', images: [] }];
    expect((await send('PUT', `${base}/proj_folio/projects`, cookie, edited)).statusCode).toBe(200);
    page = await publicPage('proj_folio');
    expect(page).toContain('Patrol Fleet II');
    expect(page).not.toContain(`src="${url}"`);

    expect((await send('PUT', `${base}/proj_folio/projects`, cookie, [])).statusCode).toBe(200);
    expect(await publicPage('proj_folio')).not.toContain('Patrol Fleet');

    const removed = await send('DELETE', `${base}/proj_folio`, cookie);
    expect(removed.statusCode).toBe(204);
    expect(await publicPortfolio('proj_folio')).toMatchObject({ fallback: true });
  });

  it('refuses bad input with clear 4xx and stores nothing', async () => {
    const cookie = await as(['executive']);
    await send('POST', base, cookie, { ...aProfile, username: 'bad_folio' });
    const stored = await publicPortfolio('bad_folio');

    const expectFieldError = async (part: string, payload: unknown, field: string) => {
      const response = await send('PUT', `${base}/bad_folio/${part}`, cookie, payload);
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().fieldErrors)).toContain(field);
    };
    await expectFieldError('skills', [{ name: 'Photoshop', level: 120 }], '0.level');
    await expectFieldError('skills', [{ name: ' ', level: 50 }], '0.name');
    await expectFieldError(
      'skills',
      [
        { name: 'Photoshop', level: 50 },
        { name: 'photoshop', level: 60 },
      ],
      '_',
    );
    await expectFieldError(
      'profile',
      { ...aProfile, contactUrl: 'javascript:alert(1)' },
      'contactUrl',
    );
    await expectFieldError('profile', { ...aProfile, name: '' }, 'name');
    await expectFieldError('projects', [{ ...aProject, link: 'javascript:alert(1)' }], '0.link');
    await expectFieldError(
      'projects',
      [{ ...aProject, images: ['https://evil.example/x.png'] }],
      '0.images.0',
    );
    // An address of the right form that was never uploaded.
    await expectFieldError(
      'projects',
      [{ ...aProject, images: [`/media/site/${'a'.repeat(64)}`] }],
      '0.images.0',
    );
    const unknownPart = await send('PUT', `${base}/bad_folio/hero`, cookie, {});
    expect(unknownPart.statusCode).toBe(400);
    expect(unknownPart.json().fieldErrors).toHaveProperty('part');

    const notImage = await upload('bad_folio', cookie, Buffer.from('<svg onload=alert(1)>'));
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().message).toContain('PNG');
    const tooLarge = await upload('bad_folio', cookie, Buffer.concat([PNG, Buffer.alloc(5 << 20)]));
    expect(tooLarge.statusCode).toBe(413);
    const notMultipart = await send('POST', `${base}/bad_folio/images`, cookie, {});
    expect(notMultipart.statusCode).toBe(400);

    const taken = await send('POST', base, cookie, { ...aProfile, username: 'BAD_FOLIO' });
    expect(taken.statusCode).toBe(409);
    const badName = await send('POST', base, cookie, { ...aProfile, username: 'no spaces' });
    expect(badName.statusCode).toBe(400);
    expect(badName.json().fieldErrors).toHaveProperty('username');
    expect((await send('PUT', `${base}/nobody_here/skills`, cookie, [])).statusCode).toBe(404);
    expect((await upload('nobody_here', cookie, PNG)).statusCode).toBe(404);
    expect((await send('DELETE', `${base}/nobody_here`, cookie)).statusCode).toBe(404);

    expect(await publicPortfolio('bad_folio')).toEqual(stored);
  });

  it('is for executives only, and checks the origin of a write', async () => {
    const lead = await as(['lead']);
    expect((await server.app.inject({ url: base, headers: { cookie: lead } })).statusCode).toBe(
      403,
    );
    expect((await send('PUT', `${base}/novadev/skills`, lead, [])).statusCode).toBe(403);
    expect((await upload('novadev', lead, PNG)).statusCode).toBe(403);
    expect((await server.app.inject({ url: base })).statusCode).toBe(401);
    const anonymous = await server.app.inject({
      method: 'PUT',
      url: `${base}/novadev/skills`,
      headers: { origin: SITE_ORIGIN },
      payload: [],
    });
    expect(anonymous.statusCode).toBe(401);
    const executive = await as(['executive']);
    const forged = await server.app.inject({
      method: 'PUT',
      url: `${base}/novadev/skills`,
      headers: { cookie: executive },
      payload: [],
    });
    expect(forged.statusCode).toBe(403);
    expect((await publicPortfolio('novadev')).skills.length).toBeGreaterThan(0);
  });

  it('lists the stored services in every page’s nav; a rename shows on the next request', async () => {
    const cookie = await as(['executive']);
    const services = (
      (
        await server.app.inject({ url: '/api/staff/content/site/services', headers: { cookie } })
      ).json() as { value: { id: string; title: string }[] }
    ).value;
    const renamed = services.map((service, index) =>
      index === 0 ? { ...service, title: 'Moonlit Server Setup' } : service,
    );
    for (const url of ['/contact', '/blog', '/']) {
      expect((await server.app.inject({ url })).body).not.toContain('Moonlit Server Setup');
    }
    const saved = await send('PUT', '/api/staff/content/site/services', cookie, renamed);
    expect(saved.statusCode).toBe(200);
    for (const url of ['/contact', '/blog', '/', '/team/portfolios/novadev']) {
      const html = (await server.app.inject({ url })).body;
      // In the nav's hydration state and the rendered link (the dropdown's items render closed).
      expect(html).toContain('Moonlit Server Setup');
    }
    await send('DELETE', '/api/staff/content/site/services', cookie);
    expect((await server.app.inject({ url: '/contact' })).body).not.toContain(
      'Moonlit Server Setup',
    );
  });
});
