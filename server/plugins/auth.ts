import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasRight,
  hasRole,
  type Principal,
  principalFromSessions,
  type Right,
  ROLE_LABELS,
  SESSION_SCOPES,
  type SessionScope,
  type StaffMember,
  type StaffRole,
} from '../../core/auth';
import { type Config, publicUrl, type SignInSettings, signInSettings } from '../../core/config';
import { createPeopleRepository } from '../../db/repositories/people';
import {
  createSessionsRepository,
  type Session,
  type SessionsRepository,
} from '../../db/repositories/sessions';
import { createSignInLinksRepository } from '../../db/repositories/sign-in-links';
import { createStaffUsersRepository } from '../../db/repositories/staff-users';
import { HttpError } from '../http-errors';
import { createRoleRefresher } from '../staff-roles';
import { createCsrfCheck } from './csrf';
import { CUSTOMER_COOKIE } from './customer-auth';

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionsRepository;
    /** Which sign-in methods are on, and how to reach Discord for them. */
    signInSettings: SignInSettings;
  }
  interface FastifyRequest {
    /** Who sent the request, from its session cookies: looked up on first call, then reused. */
    getPrincipal(): Promise<Principal | null>;
  }
}

/** One cookie per kind of session; a cookie only ever carries a session of its own kind. */
export const SESSION_COOKIES: Record<SessionScope, string> = {
  blog_admin: 'lunar_blog',
  staff: 'lunar_staff',
};

/** Browsers drop Secure cookies on plain-http origins, so only local development goes without. */
export function cookieOptions(config: Config, maxAgeSeconds?: number) {
  const url = new URL(publicUrl(config));
  const local =
    url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    path: '/',
    secure: !local,
    ...(maxAgeSeconds !== undefined && { maxAge: maxAgeSeconds }),
  };
}

/** The token a session cookie carries, if it could be one (43 base64url characters). */
export function sessionToken(request: FastifyRequest, scope: SessionScope): string | undefined {
  const token = request.cookies[SESSION_COOKIES[scope]];
  // Anything this long cannot match; skip the query.
  return token && token.length <= 128 ? token : undefined;
}

async function findLiveSessions(
  request: FastifyRequest,
  sessions: SessionsRepository,
  refreshRoles: (session: Session) => Promise<Session | null>,
): Promise<Session[]> {
  const found: Session[] = [];
  for (const scope of SESSION_SCOPES) {
    const token = sessionToken(request, scope);
    const session = token ? await sessions.find(token) : null;
    const live = session?.scope === scope ? await refreshRoles(session) : null;
    if (live) found.push(live);
  }
  return found;
}

type StaffPrincipal = Principal & { staff: StaffMember };

/** The signed-in staff member and their rights, for handlers; 401 when there is none. */
export async function getSignedInStaff(request: FastifyRequest): Promise<StaffPrincipal> {
  const principal = await request.getPrincipal();
  // A passcode session is not a staff member: it gets the sign-in answer too.
  if (!principal?.staff) throw new HttpError(401, 'Sign in with your staff account first.');
  return { ...principal, staff: principal.staff };
}

type Guard = (request: FastifyRequest) => Promise<void>;

/** What a guard admits, readable from a route's hooks (the authorization matrix test). */
type RoleGuard = Guard & { readonly requiredRoles: readonly StaffRole[] };
type RightGuard = Guard & { readonly requiredRight: Right };

/**
 * Hook (onRequest or preHandler) admitting staff who hold one of `roles` or a role that
 * includes it: 401 without a staff session, 403 with one that lacks the role.
 */
export function requireRole(...roles: [StaffRole, ...StaffRole[]]): RoleGuard {
  const needed = roles.map((role) => ROLE_LABELS[role]);
  const refusal =
    needed.length === 1
      ? `This needs the ${needed[0]} role.`
      : `This needs one of these roles: ${needed.join(', ')}.`;
  const guard = async (request: FastifyRequest): Promise<void> => {
    const { staff } = await getSignedInStaff(request);
    if (!roles.some((role) => hasRole(staff, role))) throw new HttpError(403, refusal);
  };
  return Object.assign(guard, { requiredRoles: roles });
}

const RIGHT_REFUSALS: Record<Right, { signIn: string; denied: string }> = {
  'blog:edit': {
    signIn: 'Sign in with the blog passcode to edit posts.',
    denied: 'Editing posts needs the Lead designer role or the blog passcode.',
  },
};

/**
 * Hook (onRequest or preHandler) admitting any session that holds `right`, staff or not:
 * 401 without a session, 403 with one that lacks it.
 */
export function requireRight(right: Right): RightGuard {
  const { signIn, denied } = RIGHT_REFUSALS[right];
  const guard = async (request: FastifyRequest): Promise<void> => {
    const principal = await request.getPrincipal();
    if (!principal) throw new HttpError(401, signIn);
    if (!hasRight(principal, right)) throw new HttpError(403, denied);
  };
  return Object.assign(guard, { requiredRight: right });
}

/**
 * Sessions (Postgres, token hashes only), the request's principal resolved from them with
 * roles re-read from Discord when stale, and the CSRF check on every state-changing request.
 */
export const authPlugin = fp(
  async (app) => {
    const sessions = createSessionsRepository(app.db);
    const settings = signInSettings(app.config);
    app.decorate('sessions', sessions);
    app.decorate('signInSettings', settings);
    const refreshRoles = createRoleRefresher({
      source: settings.roleSource,
      staffUsers: createStaffUsersRepository(app.db),
      people: createPeopleRepository(app.db),
      sessions,
      log: app.log,
    });

    // Lazy: most requests (pages, assets) never ask, so they never cost a query.
    const principals = new WeakMap<FastifyRequest, Promise<Principal | null>>();
    app.decorateRequest('getPrincipal', function (this: FastifyRequest) {
      let principal = principals.get(this);
      if (!principal) {
        principal = findLiveSessions(this, sessions, refreshRoles).then(principalFromSessions);
        principals.set(this, principal);
      }
      return principal;
    });

    // The customer's session cookie (decision 047) rides on forged requests just the same.
    app.addHook(
      'onRequest',
      createCsrfCheck(app.config, [...Object.values(SESSION_COOKIES), CUSTOMER_COOKIE]),
    );

    const links = createSignInLinksRepository(app.db);
    const sweep = setInterval(() => {
      Promise.all([sessions.deleteExpired(), links.deleteExpired()]).catch((error) =>
        app.log.warn({ err: error }, 'session sweep failed'),
      );
    }, 60 * 60_000);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));
  },
  { name: 'auth', dependencies: ['app-context', 'external'] },
);
