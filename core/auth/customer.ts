import { z } from 'zod';
import { safeNextPath } from './sign-in';

// Customer sign-in (docs/decisions/047-customer-sign-in.md): "Continue with Discord" on the
// site, apart from staff sign-in. A customer session proves a Discord account and nothing more:
// it opens tickets and reads that account's own tickets, never a staff page.

/**
 * `identify` names the account; `guilds.join` lets the bot add it to the studio's server, where
 * its ticket channel is (PUT /guilds/{guild}/members/{user} with this access token).
 */
export const CUSTOMER_OAUTH_SCOPES = ['identify', 'guilds.join'] as const;

/** Starts "Continue with Discord"; `?next=` is where to come back to. */
export const CUSTOMER_SIGN_IN_PATH = '/auth/customer';
export const CUSTOMER_CALLBACK_PATH = '/auth/customer/callback';

/** The customer's orders page: where a sign-in lands when nothing else was asked for. */
export const CUSTOMER_ORDERS_PATH = '/orders';

const DAY = 24 * 60 * 60_000;

/**
 * A customer stays signed in 7 days: as long as the access token Discord grants (a week), which
 * the bot needs to add them to the server. Past it they continue with Discord again.
 */
export const CUSTOMER_SESSION_POLICY = { lifetimeMs: 7 * DAY, idleTimeoutMs: 7 * DAY } as const;

/** `POST /api/customer/tickets` when the customer's Discord token is gone (expired, revoked). */
export const CUSTOMER_TOKEN_EXPIRED =
  'Your Discord sign-in has expired. Continue with Discord again to open your ticket; what you typed is kept.';

/** `?signin=` codes on the page a customer sign-in comes back to, with what it tells them. */
export const CUSTOMER_SIGN_IN_ERRORS = {
  state: 'That sign-in attempt expired or was started in another browser. Please try again.',
  denied: 'Sign-in was cancelled on Discord, so no ticket was opened.',
  scope:
    'Discord did not allow Lunar to add you to its server. Please continue again and keep “Join servers for you” ticked.',
  discord_down: 'Discord did not answer. Please try again in a few minutes.',
  rate_limited: 'Too many sign-in attempts from your network. Please wait a few minutes.',
  oauth_off:
    'Ordering with Discord is not set up on this site yet. Please join our Discord instead.',
} as const;

export type CustomerSignInError = keyof typeof CUSTOMER_SIGN_IN_ERRORS;

export const isCustomerSignInError = (code: unknown): code is CustomerSignInError =>
  typeof code === 'string' && Object.hasOwn(CUSTOMER_SIGN_IN_ERRORS, code);

/** Where a customer sign-in may return to: a page of this site, else their orders. */
export const safeCustomerNextPath = (next: unknown) => safeNextPath(next, CUSTOMER_ORDERS_PATH);

/** `/auth/customer?next=…`: the "Continue with Discord" link for a page. */
export function customerSignInHref(next: string): string {
  return `${CUSTOMER_SIGN_IN_PATH}?next=${encodeURIComponent(safeCustomerNextPath(next))}`;
}

/** `next` with `?signin=<code>` added, for a sign-in that failed. */
export function withSignInError(next: string, error: CustomerSignInError): string {
  const url = new URL(safeCustomerNextPath(next), 'http://next.invalid');
  url.searchParams.set('signin', error);
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * `GET /api/customer/session`: who is signed in as a customer in this browser. Signed out is
 * an answer (200); `available` says whether "Continue with Discord" is set up at all.
 */
export const CustomerSessionSchema = z.discriminatedUnion('signedIn', [
  z.object({ signedIn: z.literal(false), available: z.boolean() }),
  z.object({
    signedIn: z.literal(true),
    available: z.literal(true),
    discordId: z.string(),
    username: z.string(),
  }),
]);
export type CustomerSession = z.infer<typeof CustomerSessionSchema>;
