import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { DiscordMappedRole } from '../../core/auth';
import { freshIp } from './app';
import { type FakeDiscord, generateSnowflake, startFakeDiscord } from './fake-discord';
import { SITE_ORIGIN } from './staff';

/** The callback the test config's site (http://localhost:3000) registers with Discord. */
export const REDIRECT_URI = `${SITE_ORIGIN}/auth/discord/callback`;
/** The customer sign-in's callback (decision 047), registered beside the staff one. */
export const CUSTOMER_REDIRECT_URI = `${SITE_ORIGIN}/auth/customer/callback`;

export type SignInDiscord = {
  fake: FakeDiscord;
  /** Guild role id per staff role. */
  roleIds: Record<DiscordMappedRole, string>;
  /** Everything the app needs for Discord sign-in and role re-reads against the fake. */
  env: Record<string, string>;
  /** A new guild member holding these staff roles (none: a customer in the server). */
  addMember(
    roles: DiscordMappedRole[],
    username?: string,
    names?: { globalName?: string | null; nick?: string | null },
  ): { id: string; username: string };
};

/** A fake Discord whose guild has one role per staff role, its OAuth2 app set up for the site. */
export async function startSignInDiscord(): Promise<SignInDiscord> {
  const roleIds: Record<DiscordMappedRole, string> = {
    staff: generateSnowflake(),
    designer: generateSnowflake(),
    payment_verifier: generateSnowflake(),
    lead: generateSnowflake(),
    executive: generateSnowflake(),
  };
  const fake = await startFakeDiscord({
    guild: {
      roles: Object.entries(roleIds).map(([name, id]) => ({ id, name })),
      members: [],
    },
    oauth: { redirectUris: [REDIRECT_URI, CUSTOMER_REDIRECT_URI] },
  });
  let count = 0;
  return {
    fake,
    roleIds,
    env: {
      DISCORD_CLIENT_ID: fake.oauth.clientId,
      DISCORD_CLIENT_SECRET: fake.oauth.clientSecret,
      DISCORD_OAUTH_URL: fake.oauthUrl,
      DISCORD_API_URL: fake.apiUrl,
      DISCORD_TOKEN: fake.botToken,
      DISCORD_GUILD_ID: fake.guild.id,
      DISCORD_STAFF_ROLE_ID: roleIds.staff,
      DISCORD_DESIGNER_ROLE_ID: roleIds.designer,
      DISCORD_PAYMENT_VERIFIER_ROLE_ID: roleIds.payment_verifier,
      DISCORD_LEAD_ROLE_ID: roleIds.lead,
      DISCORD_EXECUTIVE_ROLE_ID: roleIds.executive,
    },
    addMember(roles, username = `member${++count}`, names = {}) {
      const member = fake.addMember({
        username,
        roles: roles.map((role) => roleIds[role]),
        ...names,
      });
      return { id: member.user.id, username };
    },
  };
}

/** `name=value` of a cookie the response sets, or undefined. */
export function cookieSet(response: LightMyRequestResponse, name: string): string | undefined {
  const cookie = response.cookies.find((item) => item.name === name);
  return cookie ? `${cookie.name}=${cookie.value}` : undefined;
}

/**
 * The browser's side of "Sign in with Discord": start, Discord's authorize page (the fake
 * approves for `user` at once, or refuses after `denyNext`), back to the callback with the
 * attempt cookie. Each step's response is returned for assertions.
 */
export async function signInWithDiscord(
  app: FastifyInstance,
  discord: SignInDiscord,
  user: { id: string; username: string } | null,
  { next = '/dashboard', ip = freshIp() }: { next?: string; ip?: string } = {},
) {
  if (user) discord.fake.oauth.nextUser = { id: user.id, username: user.username };
  const start = await app.inject({
    method: 'GET',
    url: `/auth/discord?next=${encodeURIComponent(next)}`,
    remoteAddress: ip,
  });
  const attemptCookie = cookieSet(start, 'lunar_oauth') ?? '';
  const authorize = await fetch(String(start.headers.location), { redirect: 'manual' });
  const back = new URL(authorize.headers.get('location') ?? REDIRECT_URI);
  const callback = await app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    headers: { cookie: attemptCookie },
    remoteAddress: ip,
  });
  return { start, attemptCookie, authorize, back, callback };
}
