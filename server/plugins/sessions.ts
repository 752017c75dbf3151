import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type Config, publicUrl } from '../../core/config';
import {
  createSessionsRepository,
  type Session,
  type SessionsRepository,
} from '../../db/repositories/sessions';
import { HttpError } from '../http-errors';

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionsRepository;
  }
}

/** Cookie per kind of sign-in; the staff sign-in adds its own name here. */
export const SESSION_COOKIES = { blog: 'lunar_blog' } as const;

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

/** The live sessions the request's cookies carry (at most one per cookie name). */
export async function findRequestSessions(request: FastifyRequest): Promise<Session[]> {
  const found: Session[] = [];
  for (const name of Object.values(SESSION_COOKIES)) {
    const token = request.cookies[name];
    // A real token is 43 base64url characters; anything else cannot match, skip the query.
    if (!token || token.length > 128) continue;
    const session = await request.server.sessions.find(token);
    if (session) found.push(session);
  }
  return found;
}

/** Decision 4: the passcode session, or a signed-in lead or executive, may write posts. */
export function canEditBlog(session: Session): boolean {
  return (
    session.scope === 'blog_admin' ||
    (session.scope === 'staff' &&
      (session.staffRole === 'lead' || session.staffRole === 'executive'))
  );
}

/** onRequest/preHandler hook for the blog's write routes. */
export async function requireBlogEditor(request: FastifyRequest, _reply: FastifyReply) {
  const sessions = await findRequestSessions(request);
  if (!sessions.some(canEditBlog)) {
    throw new HttpError(401, 'Sign in with the blog passcode to edit posts.');
  }
}

export const sessionsPlugin = fp(
  async (app) => {
    const repository = createSessionsRepository(app.db);
    app.decorate('sessions', repository);
    const sweep = setInterval(() => {
      repository
        .deleteExpired()
        .catch((error) => app.log.warn({ err: error }, 'session sweep failed'));
    }, 60 * 60_000);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));
  },
  { name: 'sessions', dependencies: ['app-context', 'external'] },
);
