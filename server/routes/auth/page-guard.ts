import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasRole, isStaffPagePath, signInPagePath } from '../../../core/auth';

const STAFF_SECTION_NAMES = /staff|dashboard/;

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
  // Most requests name neither section: skip the URL parse (a tenth of a cached page's CPU).
  // The URL parser drops tabs and newlines, so they cannot hide a name from this test.
  if (!STAFF_SECTION_NAMES.test(path.replace(/[\t\n\r]/g, ''))) return false;
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

    async function admitStaff(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      guarded.add(request);
      reply.header('cache-control', 'private, no-store');
      const staff = (await request.getPrincipal())?.staff;
      if (staff && hasRole(staff, 'staff')) return;
      const error = staff ? 'not_staff' : undefined;
      await reply.redirect(signInPagePath({ next: request.url, error }));
    }

    // Callback-style hooks: every request passes here, and only staff pages need a promise.
    // After a redirect, Fastify's next hook sees the reply sent and goes no further.
    app.addHook('onRequest', (request, reply, done) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return done();
      if (!isStaffPageRequest(request)) return done();
      admitStaff(request, reply).then(() => done(), done);
    });

    app.addHook('onSend', (request, reply, payload, done) => {
      if (guarded.has(request)) reply.header('cache-control', 'private, no-store');
      done(null, payload);
    });
  },
  { name: 'staff-pages-guard', dependencies: ['auth'] },
);
