import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasRole, isStaffPagePath, signInPagePath } from '../../../core/auth';

/**
 * Whether the page router could read this as a staff page: the path decoded, repeated
 * slashes collapsed, lower case (routes match case-insensitively), with and without its dot
 * segments resolved, so `//Staff/x` and `/%73taff/x` are guarded too.
 */
function isStaffPageRequest(request: FastifyRequest): boolean {
  let path = request.url.split('?')[0] ?? '/';
  try {
    path = decodeURIComponent(path);
  } catch {
    // Malformed escapes stay as sent; the router will not match them either.
  }
  path = path.replace(/[\\/]+/g, '/').toLowerCase();
  const resolved = new URL(path, 'http://page.invalid').pathname;
  return isStaffPagePath(path) || isStaffPagePath(resolved);
}

/**
 * `/staff/*` (the guides, DESIGN.md decision 6) and `/dashboard/*` need a staff session: without one,
 * the browser goes to the sign-in page and comes back to the page it asked for. Their HTML is
 * `private, no-store` whatever the page renderer says, redirects included.
 */
export const staffPagesGuard = fp(
  async (app) => {
    const guarded = new WeakSet<FastifyRequest>();

    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return;
      if (!isStaffPageRequest(request)) return;
      guarded.add(request);
      reply.header('cache-control', 'private, no-store');
      const staff = (await request.getPrincipal())?.staff;
      if (staff && hasRole(staff, 'staff')) return;
      const error = staff ? 'not_staff' : undefined;
      return reply.redirect(signInPagePath({ next: request.url, error }));
    });

    app.addHook('onSend', async (request, reply, payload) => {
      if (guarded.has(request)) reply.header('cache-control', 'private, no-store');
      return payload;
    });
  },
  { name: 'staff-pages-guard', dependencies: ['auth'] },
);
