import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { redirectToSignIn } from './sign-in-member';

/**
 * Sign-in attempts per client address (link clicks, Discord callbacks). Tokens are 256-bit,
 * so this is not what stops guessing; it keeps a flood of attempts off the database and
 * Discord's API.
 */
export const SIGN_IN_RATE_LIMIT = { max: 20, timeWindow: 10 * 60_000 };

/**
 * Sign-in routes are browser navigations: a refusal from the rate limiter is answered with
 * the sign-in page and its `rate_limited` message, not a JSON body. Anything else goes on to
 * the app's error handler.
 */
export function signInErrorHandler(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
) {
  if (error.statusCode === 429) return redirectToSignIn(reply, 'rate_limited');
  throw error;
}
