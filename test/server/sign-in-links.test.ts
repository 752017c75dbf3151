import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { StaffRole } from '../../core/auth';
import { FOREIGN_NEXTS } from '../../core/auth/foreign-nexts.fixture';
import { hashSessionToken } from '../../db/repositories/sessions';
import { createSignInLink } from '../../db/repositories/sign-in-links';
import { createStaffUsersRepository } from '../../db/repositories/staff-users';
import { signInLinks, staffUsers, systemState } from '../../db/schema';
import { announceOwnerLink } from '../../server/owner-link';
import { freshIp, testConfig } from '../support/app';
import { DRIVERS } from '../support/database';
import { countRows } from '../support/rows';
import { cookieSet } from '../support/sign-in';
import { useTestApp } from '../support/use-test-app';

let nextDiscordId = 400_000_000_000_000_000n;
const newDiscordId = () => String(nextDiscordId++);

describe.each(DRIVERS)('one-time sign-in links on %s', (driver) => {
  const server = useTestApp(driver);

  const open = (path: string, headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'GET', url: path, headers, remoteAddress: freshIp() });
  const me = (cookie: string) =>
    server.app.inject({ method: 'GET', url: '/api/staff/me', headers: { cookie } });
  const makeLink = (roles: StaffRole[] | undefined, extra: { next?: string } = {}) =>
    createSignInLink(server.database.db, {
      discordId: newDiscordId(),
      username: 'linked',
      roles,
      ...extra,
    });

  it('signs in once: a session with the link’s roles, then the same link is refused', async () => {
    const path = await makeLink(['designer'], { next: '/dashboard/orders' });
    expect(path).toMatch(/^\/auth\/link\/[\w-]{43}$/);

    const first = await open(path);
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe('/dashboard/orders');
    expect(first.headers['cache-control']).toBe('no-store');
    const cookie = cookieSet(first, 'lunar_staff') ?? '';
    expect((await me(cookie)).json()).toMatchObject({ username: 'linked', roles: ['designer'] });

    const again = await open(path);
    expect(again.statusCode).toBe(302);
    expect(again.headers.location).toBe('/signin?error=link&next=%2Fdashboard');
    expect(cookieSet(again, 'lunar_staff')).toBeUndefined();
  });

  it('admits exactly one of two clicks racing on the same link', async () => {
    const path = await makeLink(['staff']);
    const answers = await Promise.all([open(path), open(path), open(path)]);
    const signedIn = answers.filter((response) => cookieSet(response, 'lunar_staff'));
    expect(signedIn).toHaveLength(1);
  });

  it('refuses a link after its ten minutes', async () => {
    const path = await makeLink(['lead']);
    const token = path.split('/').at(-1) ?? '';
    await server.database.db
      .update(signInLinks)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(signInLinks.tokenHash, hashSessionToken(token)));
    const response = await open(`${path}?next=/staff/a`);
    expect(response.headers.location).toBe('/signin?error=link&next=%2Fstaff%2Fa');
    expect(cookieSet(response, 'lunar_staff')).toBeUndefined();
  });

  it('is valid ten minutes from when it was made, and stores only the token’s hash', async () => {
    const path = await makeLink(['staff']);
    const token = path.split('/').at(-1) ?? '';
    const [row] = await server.database.db
      .select({
        tokenHash: signInLinks.tokenHash,
        minutes: sql<number>`round(extract(epoch from ${signInLinks.expiresAt} - ${signInLinks.createdAt}) / 60)`,
      })
      .from(signInLinks)
      .where(eq(signInLinks.tokenHash, hashSessionToken(token)));
    expect(Number(row?.minutes)).toBe(10);
    const all = await server.database.db.select().from(signInLinks);
    expect(all.flatMap((link) => Object.values(link))).not.toContain(token);
  });

  it('refuses an unknown or malformed token the same way', async () => {
    for (const path of ['/auth/link/unknown', `/auth/link/${'a'.repeat(43)}`]) {
      expect((await open(path)).headers.location).toBe('/signin?error=link&next=%2Fdashboard');
    }
  });

  it.each(FOREIGN_NEXTS)(
    'lands on the dashboard, signed in, for %s in ?next=',
    async (_what, next) => {
      const path = await makeLink(['designer']);
      const response = await open(`${path}?next=${encodeURIComponent(next)}`);
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/dashboard');
      expect(cookieSet(response, 'lunar_staff')).toBeDefined();
    },
  );

  it('never follows a foreign next stored with the link, nor sends one to the sign-in page', async () => {
    const stored = await makeLink(['designer'], { next: '/.//evil.example' });
    expect((await open(stored)).headers.location).toBe('/dashboard');
    const spent = await open(`/auth/link/unknown?next=${encodeURIComponent('/%2e//evil.example')}`);
    expect(spent.headers.location).toBe('/signin?error=link&next=%2Fdashboard');
  });

  it('does not spend the link when a chat app fetches it for a preview, or on HEAD', async () => {
    const path = await makeLink(['staff']);
    const preview = await open(path, {
      'user-agent': 'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)',
    });
    expect(preview.statusCode).toBe(200);
    expect(cookieSet(preview, 'lunar_staff')).toBeUndefined();
    // Nor a link checker's HEAD.
    const head = await server.app.inject({ method: 'HEAD', url: path, remoteAddress: freshIp() });
    expect(cookieSet(head, 'lunar_staff')).toBeUndefined();
    expect(cookieSet(await open(path), 'lunar_staff')).toBeDefined();
  });

  it('keeps the stored roles for a link made without roles, and refuses it for a stranger', async () => {
    const discordId = newDiscordId();
    await createStaffUsersRepository(server.database.db).upsertByDiscordId({
      discordId,
      username: 'known',
      roles: ['executive'],
    });
    const keep = await createSignInLink(server.database.db, { discordId });
    const cookie = cookieSet(await open(keep), 'lunar_staff') ?? '';
    expect((await me(cookie)).json().roles).toEqual(['executive']);

    const stranger = await createSignInLink(server.database.db, { discordId: newDiscordId() });
    const refused = await open(stranger);
    expect(refused.headers.location).toBe('/signin?error=not_staff&next=%2Fdashboard');
  });

  it('keeps the owner role when a link brings Discord-side roles', async () => {
    const discordId = newDiscordId();
    await open(await createSignInLink(server.database.db, { discordId, roles: ['owner'] }));
    const later = await open(
      await createSignInLink(server.database.db, { discordId, roles: ['designer'] }),
    );
    expect((await me(cookieSet(later, 'lunar_staff') ?? '')).json().roles).toEqual([
      'designer',
      'owner',
    ]);
  });

  it('rate-limits link clicks per address: the 21st in ten minutes gets error=rate_limited', async () => {
    const remoteAddress = freshIp();
    const answers = [];
    for (let i = 0; i < 21; i++) {
      const response = await server.app.inject({
        method: 'GET',
        url: '/auth/link/nope',
        remoteAddress,
      });
      answers.push(response.headers.location);
    }
    expect(answers.slice(0, 20)).toEqual(Array(20).fill('/signin?error=link&next=%2Fdashboard'));
    expect(answers[20]).toBe('/signin?error=rate_limited');
  });
});

describe.each(DRIVERS)('the owner link at first start on %s', (driver) => {
  const server = useTestApp(driver);
  const config = testConfig();
  const printed: string[] = [];
  const log = { info: (line: string) => printed.push(line) };

  it('is printed once, signs in as the owner, and is not printed again', async () => {
    const db = server.database.db;
    expect(await announceOwnerLink(config, db, log)).toBe(true);
    expect(printed).toHaveLength(1);
    const url = printed[0]?.match(
      /^Open this link to sign in as the owner: (http:\/\/localhost:3000\/auth\/link\/[\w-]{43}) \(valid 10 minutes, once; .*npm run login-link -- --owner\)$/,
    )?.[1];
    expect(url).toBeDefined();

    const response = await server.app.inject({
      method: 'GET',
      url: new URL(url ?? '').pathname,
      remoteAddress: freshIp(),
    });
    expect(response.headers.location).toBe('/dashboard');
    const identity = await server.app.inject({
      method: 'GET',
      url: '/api/staff/me',
      headers: { cookie: cookieSet(response, 'lunar_staff') ?? '' },
    });
    expect(identity.json()).toMatchObject({ username: 'Owner', roles: ['owner'] });

    expect(await announceOwnerLink(config, db, log)).toBe(false);
    expect(printed).toHaveLength(1);
  });

  it('is not printed again after a restart, even when nobody is left to sign in', async () => {
    const db = server.database.db;
    await db.delete(staffUsers);
    // The marker from the first test stays: a restart prints nothing.
    expect(await countRows(db, systemState)).toBeGreaterThan(0);
    expect(await announceOwnerLink(config, db, log)).toBe(false);
  });

  it('is not printed when staff exist or Discord sign-in is configured', async () => {
    const db = server.database.db;
    await db.delete(systemState).where(eq(systemState.key, 'owner_link_announced'));
    const withOAuth = testConfig({
      DISCORD_CLIENT_ID: '100000000000000009',
      DISCORD_CLIENT_SECRET: 'secret',
      DISCORD_TOKEN: 'bot.token.value',
      DISCORD_GUILD_ID: '100000000000000000',
      DISCORD_LEAD_ROLE_ID: '100000000000000001',
    });
    expect(await announceOwnerLink(withOAuth, db, log)).toBe(false);
    await createStaffUsersRepository(db).upsertByDiscordId({
      discordId: newDiscordId(),
      username: 'someone',
      roles: ['staff'],
    });
    expect(await announceOwnerLink(config, db, log)).toBe(false);
    expect(printed).toHaveLength(1);
  });
});
