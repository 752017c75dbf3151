import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_STAFF_ANSWER } from '../../bot/commands/dashboard';
import { registerGuildCommands } from '../../bot/register-commands';
import { registry } from '../../bot/registry';
import { signInLinks } from '../../db/schema';
import { buildTestApp, freshIp } from '../support/app';
import { DRIVERS } from '../support/database';
import { cookieSet } from '../support/sign-in';
import { type BotHarness, startBotHarness } from './harness';

// /dashboard end to end: the real client against the fake Discord hands out a one-time link,
// and the website on the same database signs in with it once.
describe.each(DRIVERS)('/dashboard on %s', (driver) => {
  let h: BotHarness;
  let web: FastifyInstance;
  beforeAll(async () => {
    h = await startBotHarness(driver);
    await registerGuildCommands(
      { token: h.fake.botToken, guildId: h.fake.guild.id, apiUrl: h.fake.apiUrl },
      registry.commands.map((command) => command.data),
    );
    web = await buildTestApp(h.database);
  }, 60_000);
  afterAll(async () => {
    await web?.close();
    await h?.close();
  });

  const dashboard = async (userId: string) => {
    const record = await h.fake.runCommand({
      name: 'dashboard',
      options: {},
      channelId: h.ids.paymentsChannel,
      userId,
    });
    await expect.poll(() => (record.loading ? '' : (record.original?.content ?? ''))).not.toBe('');
    return record;
  };
  const open = (path: string) => web.inject({ method: 'GET', url: path, remoteAddress: freshIp() });

  it('gives staff a link that signs in once, shown to them alone', async () => {
    const record = await dashboard(h.users.lead);
    const answer = record.original?.content ?? '';
    expect(record.original?.ephemeral).toBe(true);
    expect(answer).toContain('works once, within 10 minutes');
    const url = new URL(answer.match(/https?:\/\/\S+/)?.[0] ?? 'http://x/none');
    expect(url.pathname).toMatch(/^\/auth\/link\/[\w-]{43}$/);

    const first = await open(url.pathname);
    expect(first.statusCode).toBe(302);
    const cookie = cookieSet(first, 'lunar_staff');
    expect(cookie).toBeDefined();
    const me = await web.inject({ url: '/api/staff/me', headers: { cookie: cookie ?? '' } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ username: 'lead', roles: ['lead'] });

    const second = await open(url.pathname);
    expect(second.statusCode).toBe(302);
    expect(second.headers.location).toContain('error=link');
    expect(cookieSet(second, 'lunar_staff')).toBeUndefined();
  });

  it('refuses a member without a staff role, with no link made', async () => {
    const record = await dashboard(h.users.member);
    expect(record.original?.ephemeral).toBe(true);
    expect(record.original?.content).toBe(NOT_STAFF_ANSWER);
    const links = await h.database.db
      .select()
      .from(signInLinks)
      .where(eq(signInLinks.discordId, h.users.member));
    expect(links).toEqual([]);
  });
});
