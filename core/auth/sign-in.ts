import { z } from 'zod';
import { text } from '../shared/text';
import { StaffRoleSchema } from './roles';

// Staff sign-in (DESIGN.md decisions 6 and 7): the vocabulary the server's redirects, the web
// sign-in page and the bot's /dashboard command share.

/** Where the server sends a browser that must sign in; the web app renders it. */
const SIGN_IN_PAGE = '/signin';

/** Where a signed-in member lands when nothing else was asked for. */
const DEFAULT_AFTER_SIGN_IN = '/dashboard';

/** Pages only staff may open: the guides (DESIGN.md decision 6) and the dashboard. */
const STAFF_PAGE_PREFIXES = ['/staff', '/dashboard'] as const;

export function isStaffPagePath(pathname: string): boolean {
  return STAFF_PAGE_PREFIXES.some(
    (prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`),
  );
}

/** A one-time sign-in link works this long, once. */
export const SIGN_IN_LINK_TTL_MS = 10 * 60_000;

/** `?error=` codes on the sign-in page, with what the page tells the person. */
export const SIGN_IN_ERRORS = {
  state: 'That sign-in attempt expired or was started in another browser. Please try again.',
  denied: 'Sign-in was cancelled on Discord.',
  discord_down: 'Discord did not answer. Please try again in a few minutes.',
  not_staff:
    'Your Discord account has no staff role in the Lunar server, so there is no dashboard for it. Ask a lead if you think this is wrong.',
  link: 'This sign-in link has expired or was already used. Get a new one as described below.',
  rate_limited: 'Too many sign-in attempts from your network. Please wait a few minutes.',
  oauth_off: 'Sign-in with Discord is not set up on this site. Use a sign-in link instead.',
} as const;

export type SignInError = keyof typeof SIGN_IN_ERRORS;

/** `GET /api/auth/methods`: what the sign-in page offers. */
export const SignInMethodsSchema = z.object({
  /** "Sign in with Discord" (OAuth2) is configured. */
  discord: z.boolean(),
  /** One-time links (the /dashboard command, `npm run login-link`) always work. */
  links: z.literal(true),
  /** The bot is configured (DISCORD_TOKEN): `/dashboard` in Discord answers with a link. */
  bot: z.boolean(),
});
export type SignInMethods = z.infer<typeof SignInMethodsSchema>;

/**
 * `GET /api/auth/session`: whether this browser has a staff session. Signed out is an answer
 * (200), not an error: the sign-in page asks it of every visitor, and a 401 there would be a
 * console error in each signed-out browser.
 */
export const SignInStatusSchema = z.discriminatedUnion('signedIn', [
  z.object({ signedIn: z.literal(false) }),
  z.object({ signedIn: z.literal(true), username: z.string() }),
]);
export type SignInStatus = z.infer<typeof SignInStatusSchema>;

const NEXT_MAX_LENGTH = 512;

const hasControlCharacter = (text: string) =>
  [...text].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);
const PLACEHOLDER_ORIGIN = 'http://next.invalid';

/**
 * Percent-decodings a path is checked through: a proxy or a server that decodes once more
 * (`%2f` → `/`) must not find another host in it either. A real page's address needs none.
 */
const DECODING_ROUNDS = 3;

/**
 * One leading slash and nothing a browser reads as more: it treats a backslash like a slash
 * and drops tabs and newlines, so `/\evil` and `/\t/evil` are protocol-relative too.
 */
const isSingleSlashPath = (path: string) =>
  path.startsWith('/') &&
  !path.startsWith('//') &&
  !path.includes('\\') &&
  !hasControlCharacter(path);

/**
 * `next` as a browser resolves it on this site (dot segments, `%2e` included, removed), or
 * null when it is, or resolves to, anything but a single-slash path here: `/.//evil.example`
 * resolves to `//evil.example`.
 */
function resolveOnThisSite(next: string): URL | null {
  if (!isSingleSlashPath(next)) return null;
  let url: URL;
  try {
    url = new URL(next, PLACEHOLDER_ORIGIN);
  } catch {
    return null;
  }
  return url.origin === PLACEHOLDER_ORIGIN && isSingleSlashPath(url.pathname) ? url : null;
}

/** Whether every decoding of the path still resolves on this site (a stray `%` does not). */
function staysOnSiteDecoded(pathname: string): boolean {
  let current = pathname;
  for (let round = 0; round < DECODING_ROUNDS; round++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      return false;
    }
    if (decoded === current) return true;
    if (!resolveOnThisSite(decoded)) return false;
    current = decoded;
  }
  return false;
}

/**
 * The one decision on every `next` (staff links, both OAuth flows, the sign-in page): the page
 * to return to after signing in, if `next` is a path on this site; otherwise `fallback`. Never
 * an open redirect: `//evil.example`, `/\evil.example`, `/.//evil.example`, `/%2f/evil.example`,
 * `https://…` and anything else that is or decodes to another origin fall back. Sign-in and
 * API paths fall back too, so a sign-in never lands on another sign-in.
 */
export function safeNextPath(next: unknown, fallback: string = DEFAULT_AFTER_SIGN_IN): string {
  if (typeof next !== 'string' || next.length === 0 || next.length > NEXT_MAX_LENGTH) {
    return fallback;
  }
  const url = resolveOnThisSite(next);
  if (!url || !staysOnSiteDecoded(url.pathname)) return fallback;
  if (/^\/(api|auth)(\/|$)/.test(url.pathname) || url.pathname === SIGN_IN_PAGE) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `/signin?next=…&error=…`, the sign-in page's address for a redirect. */
export function signInPagePath({ next, error }: { next?: string; error?: SignInError } = {}) {
  const query = new URLSearchParams();
  if (error) query.set('error', error);
  if (next !== undefined) query.set('next', safeNextPath(next));
  const search = query.toString();
  return search ? `${SIGN_IN_PAGE}?${search}` : SIGN_IN_PAGE;
}

/** Path of a one-time sign-in link; the token is 43 base64url characters. */
export const signInLinkPath = (token: string) => `/auth/link/${token}`;

/**
 * Discord user ids are snowflakes. The owner link printed at first start signs in a member
 * with no Discord account behind it, under this id; Discord is never asked about it.
 */
export const LOCAL_OWNER_ID = 'local-owner';

export const isDiscordUserId = (id: string) => /^\d{17,20}$/.test(id);

/** What a sign-in link is made for: the bot's /dashboard command, the CLI, the owner link. */
export const SignInLinkRequestSchema = z.object({
  discordId: z
    .string()
    .trim()
    .refine((id) => isDiscordUserId(id) || id === LOCAL_OWNER_ID, {
      error: 'Discord id must be a Discord user id (17–20 digits)',
    }),
  username: text('Username', { min: 1, max: 100 }).optional(),
  /** Omitted: the member keeps the roles stored for them (none for someone new). */
  roles: z.array(StaffRoleSchema).max(10).optional(),
  next: z.string().max(NEXT_MAX_LENGTH).optional(),
});
export type SignInLinkRequest = z.infer<typeof SignInLinkRequestSchema>;
