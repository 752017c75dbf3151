import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { BlogPasscodeSchema } from '../../../core/blog/schema';
import { createRateLimitRepository } from '../../../db/repositories/rate-limits';
import { describeWait, HttpError, parseWith, tooManyRequests } from '../../http-errors';
import {
  canEditBlog,
  cookieOptions,
  findRequestSessions,
  SESSION_COOKIES,
} from '../../plugins/sessions';
import { FORM_BODY_LIMIT, requireJsonBody } from '../json-body';
import { isPasscodeCorrect } from './passcode';

export const PASSCODE_MAX_WRONG = 5;
export const PASSCODE_WINDOW_MS = 15 * 60_000;
const SESSION_TTL_MS = 12 * 60 * 60_000;

const SignInSchema = z.object({ passcode: BlogPasscodeSchema });

/** Passcode sign-in for blog editing (DESIGN.md decision 4): checked here, never in the browser. */
const blogSessionRoutes: FastifyPluginAsync = async (app) => {
  const rateLimits = createRateLimitRepository(app.db);

  app.post(
    '/api/blog/session',
    { bodyLimit: FORM_BODY_LIMIT, preValidation: requireJsonBody },
    async (request, reply) => {
      const { passcode } = parseWith(SignInSchema, request.body);
      const expected = app.config.BLOG_ADMIN_PASSCODE;
      if (!expected) {
        throw new HttpError(403, 'Passcode sign-in is turned off on this site.');
      }
      const key = `blog-passcode:${request.ip}`;
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
      const { token } = await app.sessions.create({ scope: 'blog_admin', ttlMs: SESSION_TTL_MS });
      reply.setCookie(
        SESSION_COOKIES.blog,
        token,
        cookieOptions(app.config, Math.floor(SESSION_TTL_MS / 1000)),
      );
      return { admin: true };
    },
  );

  app.get('/api/blog/session', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const sessions = await findRequestSessions(request);
    return { admin: sessions.some(canEditBlog) };
  });

  app.delete('/api/blog/session', async (request, reply) => {
    const token = request.cookies[SESSION_COOKIES.blog];
    if (token && token.length <= 128) await app.sessions.delete(token);
    reply.clearCookie(SESSION_COOKIES.blog, cookieOptions(app.config));
    return { admin: false };
  });
};

export default blogSessionRoutes;
