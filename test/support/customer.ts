import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { createCustomerAccountsRepository } from '../../db/repositories/customer-accounts';
import { freshIp } from './app';
import { CUSTOMER_REDIRECT_URI, cookieSet, type SignInDiscord } from './sign-in';

/**
 * The browser's side of "Continue with Discord" (decision 047): start, Discord's authorize page
 * (the fake approves for `user` at once), back to the callback with the attempt cookie. Each
 * step's response is returned; `cookie` is the customer session's, when one was opened.
 */
export async function continueWithDiscord(
  app: FastifyInstance,
  discord: SignInDiscord,
  user: { id: string; username: string } | null,
  { next = '/orders', ip = freshIp() }: { next?: string; ip?: string } = {},
) {
  if (user) discord.fake.oauth.nextUser = { id: user.id, username: user.username };
  const start = await app.inject({
    method: 'GET',
    url: `/auth/customer?next=${encodeURIComponent(next)}`,
    remoteAddress: ip,
  });
  const attemptCookie = cookieSet(start, 'lunar_customer_oauth') ?? '';
  const authorize = await fetch(String(start.headers.location), { redirect: 'manual' });
  const back = new URL(authorize.headers.get('location') ?? CUSTOMER_REDIRECT_URI);
  const callback = await app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    headers: { cookie: attemptCookie },
    remoteAddress: ip,
  });
  const cookie = cookieSet(callback, 'lunar_customer');
  return {
    start,
    attemptCookie,
    authorize,
    back,
    callback,
    cookie: cookie?.endsWith('=') ? undefined : cookie,
  };
}

let nextCustomerId = 500_000_000_000_000_000n;

/** The DISCORD_CLIENT_SECRET a test app runs with when `signInAsCustomer` seals tokens. */
export const CUSTOMER_TEST_SECRET = 'test-client-secret';

/** A customer with a session straight in the database (no OAuth round trip): its cookie. */
export async function signInAsCustomer(db: Database, username = 'customer') {
  const discordId = String(nextCustomerId++);
  const accounts = createCustomerAccountsRepository(db, { secret: CUSTOMER_TEST_SECRET });
  await accounts.signedIn(
    { discordId, username },
    {
      accessToken: `token-${discordId}`,
      refreshToken: null,
      expiresIn: 3600,
      scopes: ['identify', 'guilds.join'],
    },
  );
  const { token } = await accounts.createSession(discordId);
  return { discordId, username, cookie: `lunar_customer=${token}` };
}
