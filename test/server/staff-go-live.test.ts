import { describe, expect, it } from 'vitest';
import type { GoLiveItem } from '../../core/setup/go-live';
import { createSystemStateRepository } from '../../db/repositories/system-state';
import { buildTestApp } from '../support/app';
import { createTestDatabase, DRIVERS } from '../support/database';
import { SITE_ORIGIN, signInAsStaff } from '../support/staff';
import { useTestApp } from '../support/use-test-app';

// GET /api/staff/go-live: the checklist ticks from the data as a studio sets up (content
// saved in the dashboard, the bot's record of its connection, the configuration), and
// backups are confirmed by an executive, who and when recorded, the first confirmation kept.

const done = (items: GoLiveItem[]) => Object.fromEntries(items.map((item) => [item.id, item.done]));

describe.each(DRIVERS)('the go-live checklist on %s', (driver) => {
  const server = useTestApp(driver);

  const cookieOf = async (roles: Parameters<typeof signInAsStaff>[1], name?: string) =>
    (await signInAsStaff(server.database.db, roles, name)).cookie;
  const checklist = async (cookie: string) => {
    const response = await server.app.inject({ url: '/api/staff/go-live', headers: { cookie } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { items: GoLiveItem[]; done: boolean };
  };
  const send = (method: 'POST' | 'PUT', url: string, cookie: string, body?: unknown) =>
    server.app.inject({
      method,
      url,
      headers: { cookie, origin: SITE_ORIGIN },
      ...(body === undefined ? {} : { payload: body as object }),
    });

  it('ticks each item from the data as the studio sets up', async () => {
    const cookie = await cookieOf(['executive'], 'Exa');
    const fresh = await checklist(cookie);
    expect(fresh.done).toBe(false);
    expect(Object.values(done(fresh.items))).not.toContain(true);

    await send('POST', '/api/staff/content/team/categories', cookie, {
      name: 'Graphics',
      icon: 'palette',
    });
    const member = await send('POST', '/api/staff/content/team/members', cookie, {
      name: 'Ash',
      role: 'Lead Designer',
      specialty: 'Logos',
      discordUsername: 'ash_live',
      categoryIds: ['graphics'],
    });
    expect(member.statusCode).toBe(201);
    await send('POST', '/api/staff/content/portfolios', cookie, {
      username: 'novadev',
      name: 'Nova',
      title: 'Bot Developer',
      subtitle: '',
      about: { mainText: 'Bots.', secondaryText: '' },
      githubUrl: null,
      contactUrl: null,
    });
    for (const key of ['hero', 'pricing', 'services', 'stats', 'promos'] as const) {
      const current = await server.app.inject({
        url: `/api/staff/content/site/${key}`,
        headers: { cookie },
      });
      // Saved as it is: reviewing may well keep the defaults.
      expect(
        (await send('PUT', `/api/staff/content/site/${key}`, cookie, current.json().value))
          .statusCode,
      ).toBe(200);
    }
    await send('PUT', '/api/staff/content/site/settings', cookie, {
      supportEmail: 'care@moon.studio',
      discordInviteUrl: 'https://discord.gg/moon',
      legalLastUpdated: '2026-05-01',
    });
    const ticked = done((await checklist(cookie)).items);
    expect(ticked).toMatchObject({
      team: true,
      portfolio: true,
      'pricing-services': true,
      'stats-promos': true,
      contact: true,
      'legal-date': true,
      backups: false,
      // No DISCORD_TOKEN in this app's configuration.
      discord: false,
      commands: false,
      'reviewer-roles': false,
    });

    const confirmed = await send('POST', '/api/staff/go-live/backups', cookie);
    expect(confirmed.statusCode).toBe(200);
    const backups = (confirmed.json().items as GoLiveItem[]).find((item) => item.id === 'backups');
    expect(backups).toMatchObject({
      done: true,
      detail: expect.stringMatching(/^Confirmed by Exa on /),
    });
  });

  it('keeps the first of two backup confirmations made at once', async () => {
    const [a, b] = [
      await cookieOf(['executive'], 'First'),
      await cookieOf(['executive'], 'Second'),
    ];
    const state = createSystemStateRepository(server.database.db);
    const before = await state.backupsConfirmation();
    const answers = await Promise.all([
      send('POST', '/api/staff/go-live/backups', a),
      send('POST', '/api/staff/go-live/backups', b),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    // One of them is kept (or an earlier one: a later confirmation never replaces it).
    expect(await state.backupsConfirmation()).toEqual(
      before ?? { by: expect.stringMatching(/^(First|Second)$/), at: expect.any(String) },
    );
  });

  it('is for executives; whether Discord is connected is for any staff', async () => {
    const lead = await cookieOf(['lead']);
    expect(
      (await server.app.inject({ url: '/api/staff/go-live', headers: { cookie: lead } }))
        .statusCode,
    ).toBe(403);
    expect((await send('POST', '/api/staff/go-live/backups', lead)).statusCode).toBe(403);
    const status = await server.app.inject({
      url: '/api/staff/discord-status',
      headers: { cookie: await cookieOf(['staff']) },
    });
    expect(status.json()).toEqual({ connected: false });
    expect((await server.app.inject({ url: '/api/staff/discord-status' })).statusCode).toBe(401);
  });
});

describe('the checklist with Discord configured', () => {
  it('reads the bot’s record of its connection and the reviewer roles', async () => {
    const database = await createTestDatabase('pglite');
    const app = await buildTestApp(database, {
      env: {
        DISCORD_TOKEN: 'MTIz.NDU2.Nzg5',
        DISCORD_GUILD_ID: '100000000000000001',
        DISCORD_LEAD_ROLE_ID: '100000000000000002',
      },
    });
    try {
      const { cookie } = await signInAsStaff(database.db, ['executive']);
      const read = async () =>
        done(
          (await app.inject({ url: '/api/staff/go-live', headers: { cookie } })).json()
            .items as GoLiveItem[],
        );
      const connected = async () =>
        (await app.inject({ url: '/api/staff/discord-status', headers: { cookie } })).json()
          .connected;
      expect(await read()).toMatchObject({
        discord: false,
        commands: false,
        'reviewer-roles': true,
      });
      expect(await connected()).toBe(false);

      const state = createSystemStateRepository(database.db);
      const at = new Date().toISOString();
      await state.setBotStatus({
        connectedAt: at,
        commands: { checkedAt: at, missing: ['tax'], changed: [] },
      });
      expect(await read()).toMatchObject({ discord: true, commands: false });
      expect(await connected()).toBe(true);
      await state.setBotStatus({
        connectedAt: at,
        commands: { checkedAt: at, missing: [], changed: [] },
      });
      expect(await read()).toMatchObject({ discord: true, commands: true });

      // The outbox worker found the token refused: not connected, whatever the bot once said.
      await state.setDiscordAuth({ status: 'unauthorized', since: at });
      expect(await read()).toMatchObject({ discord: false });
      expect(await connected()).toBe(false);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
