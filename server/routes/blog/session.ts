import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { hasRight, SESSION_POLICIES } from '../../../core/auth';
import { BlogPasscodeSchema } from '../../../core/blog/schema';
import { createRateLimitRepository } from '../../../db/repositories/rate-limits';
import { rateLimitKey } from '../../client-address';
import { describeWait, HttpError, parseWith, tooManyRequests } from '../../http-errors';
import { cookieOptions, SESSION_COOKIES, sessionToken } from '../../plugins/auth';
import { FORM_BODY_LIMIT, requireJsonBody } from '../json-body';
import { isPasscodeCorrect } from './passcode';

const PASSCODE_MAX_WRONG = 5;
const PASSCODE_WINDOW_MS = 15 * 60_000;

const SignInSchema = z.object({ passcode: BlogPasscodeSchema });

/**
 * Passcode sign-in for blog editing (DESIGN.md decision 4): checked here, never in the
 * browser. The session it opens belongs to no staff member and holds only `blog:edit`.
 */
const blogSessionRoutes: FastifyPluginAsync = async (app) => {
  const rateLimits = createRateLimitRepository(app.db);
  const cookie = SESSION_COOKIES.blog_admin;

  app.post(
    '/api/blog/session',
    { bodyLimit: FORM_BODY_LIMIT, preValidation: requireJsonBody },
    async (request, reply) => {
      const { passcode } = parseWith(SignInSchema, request.body);
      const expected = app.config.BLOG_ADMIN_PASSCODE;
      if (!expected) {
        throw new HttpError(403, 'Passcode sign-in is turned off on this site.');
      }
      const key = `blog-passcode:${rateLimitKey(request.ip)}`;
      // Every try is counted atomically BEFORE comparing: reading the count and adding a hit
      // later let parallel guesses all pass the check. Refused even when right, so the answer
      // never tells a guesser which guess was right.
      const tries = await rateLimits.hit(key, PASSCODE_WINDOW_MS);
      if (tries.hits > PASSCODE_MAX_WRONG) {
        const waitMs = tries.resetAt.getTime() - Date.now();
        throw tooManyRequests(
          `Too many wrong passcodes. Try again in ${describeWait(waitMs)}.`,
          waitMs,
        );
      }
      if (!isPasscodeCorrect(passcode, expected)) {
        throw new HttpError(401, 'Incorrect passcode.');
      }
      // A right answer starts the count afresh, so signing in often never locks anyone out.
      await rateLimits.clear(key);
      const { token } = await app.sessions.create({ scope: 'blog_admin' });
      const maxAgeSeconds = Math.floor(SESSION_POLICIES.blog_admin.lifetimeMs / 1000);
      reply.setCookie(cookie, token, cookieOptions(app.config, maxAgeSeconds));
      return { admin: true };
    },
  );

  // "admin": may this browser edit posts, by the passcode or as a lead.
  app.get('/api/blog/session', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { admin: hasRight(await request.getPrincipal(), 'blog:edit') };
  });

  app.delete('/api/blog/session', async (request, reply) => {
    const token = sessionToken(request, 'blog_admin');
    if (token) await app.sessions.delete(token);
    reply.clearCookie(cookie, cookieOptions(app.config));
    // Read after the delete: a lead's staff session still edits.
    return { admin: hasRight(await request.getPrincipal(), 'blog:edit') };
  });
};

export default blogSessionRoutes;
