import Fastify, { type FastifyInstance, type FastifyPluginAsync, type RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasRole, type Right, rightsOfRoles, type StaffRole } from '../../core/auth';
import { app } from '../../server/app';
import { requireRight, requireRole } from '../../server/plugins/auth';
import { staffRouteFolder } from '../../server/routes/staff';
import { serverOptions } from '../../server/server-options';
import { testConfig } from '../support/app';
import { createTestDatabase, DRIVERS, type TestDatabase } from '../support/database';
import { SITE_ORIGIN, signInAsStaff } from '../support/staff';

// Every route under /api/staff, found as it is registered (onRoute), against every kind of
// caller: routes added later are covered without touching this file. What each route admits is
// read from its guards (requireRole/requireRight carry what they require); the folder's own
// hook admits staff only.

const CALLERS = [
  'anonymous',
  'staff',
  'designer',
  'payment_verifier',
  'lead',
  'executive',
  'owner',
] as const;
type Caller = (typeof CALLERS)[number];

type Requirement = { roles?: readonly StaffRole[]; right?: Right };

function requirementsOf(route: RouteOptions): Requirement[] {
  const hooks = [route.onRequest, route.preParsing, route.preValidation, route.preHandler]
    .flat()
    .filter(Boolean) as Array<{ requiredRoles?: readonly StaffRole[]; requiredRight?: Right }>;
  return hooks.flatMap((hook): Requirement[] => {
    if (hook.requiredRoles) return [{ roles: hook.requiredRoles }];
    if (hook.requiredRight) return [{ right: hook.requiredRight }];
    return [];
  });
}

function expectedAnswer(caller: Caller, requirements: Requirement[]): '401' | '403' | 'allowed' {
  if (caller === 'anonymous') return '401';
  const member = { roles: [caller] };
  const admitted = requirements.every((requirement) =>
    requirement.roles
      ? requirement.roles.some((role) => hasRole(member, role))
      : rightsOfRoles(member.roles).includes(requirement.right as Right),
  );
  return admitted ? 'allowed' : '403';
}

const answerOf = (status: number) =>
  status === 401 ? '401' : status === 403 ? '403' : status < 500 ? 'allowed' : `${status}`;

async function buildCollecting(database: TestDatabase, extra?: FastifyPluginAsync) {
  const config = testConfig();
  const fastify = Fastify({ ...serverOptions(config), logger: false });
  const routes: RouteOptions[] = [];
  fastify.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/staff')) routes.push(route);
  });
  await fastify.register(fp(app), { config, database });
  if (extra) await fastify.register(staffRouteFolder([extra]), { prefix: '/api/staff' });
  await fastify.ready();
  return { fastify, routes };
}

/** Actual and expected answers for every route × caller, as one table for a readable diff. */
async function runMatrix(fastify: FastifyInstance, routes: RouteOptions[], db: TestDatabase) {
  const cookies = new Map<Caller, string>();
  for (const caller of CALLERS) {
    if (caller !== 'anonymous') cookies.set(caller, (await signInAsStaff(db.db, [caller])).cookie);
  }
  const actual: Record<string, string> = {};
  const expected: Record<string, string> = {};
  for (const route of routes) {
    const methods = [route.method].flat();
    const url = route.url.replace(/:\w+/g, '1').replace(/\*/g, 'x');
    for (const method of methods) {
      for (const caller of CALLERS) {
        const key = `${method} ${route.url} as ${caller}`;
        const withBody = ['POST', 'PUT', 'PATCH'].includes(method);
        // A live stream (server-sent events) never ends: take its status and headers, then hang up.
        const stream = route.url.endsWith('/events');
        const hangUp = new AbortController();
        const response = await fastify.inject({
          ...(stream && { payloadAsStream: true, signal: hangUp.signal }),
          method: method as 'GET',
          url,
          headers: {
            origin: SITE_ORIGIN,
            ...(cookies.get(caller) && { cookie: cookies.get(caller) }),
            ...(withBody && { 'content-type': 'application/json' }),
          },
          ...(withBody && { payload: '{}' }),
        });
        if (stream) hangUp.abort();
        actual[key] = answerOf(response.statusCode);
        expected[key] = expectedAnswer(caller, requirementsOf(route));
        // Whatever staff are shown is never kept by a shared cache.
        if (
          actual[key] === 'allowed' &&
          !/no-store/.test(String(response.headers['cache-control']))
        ) {
          actual[key] = 'cacheable';
        }
      }
    }
  }
  return { actual, expected };
}

describe.each(DRIVERS)('authorization of every /api/staff route on %s', (driver) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(() => database?.close());

  it('answers 401 to anonymous callers and the route’s roles to each staff role', async () => {
    const { fastify, routes } = await buildCollecting(database);
    const urls = routes.map((route) => `${route.method} ${route.url}`);
    for (const url of [
      'GET /api/staff/me',
      'POST /api/staff/reviews/:id/hide',
      'POST /api/staff/reviews/:id/unhide',
      'GET /api/staff/orders',
      'GET /api/staff/orders/:id',
      'GET /api/staff/payouts',
      'GET /api/staff/payouts.csv',
      'POST /api/staff/payouts/mark-paid',
      'GET /api/staff/reviews',
      'GET /api/staff/messages',
      'POST /api/staff/messages/:id/handled',
      'GET /api/staff/events',
      'GET /api/staff/content/portfolios',
      'POST /api/staff/content/portfolios',
      'GET /api/staff/content/portfolios/:username',
      'PUT /api/staff/content/portfolios/:username/:part',
      'DELETE /api/staff/content/portfolios/:username',
      'POST /api/staff/content/portfolios/:username/images',
    ]) {
      expect(urls).toContain(url);
    }
    const { actual, expected } = await runMatrix(fastify, routes, database);
    expect(actual).toEqual(expected);
    // The dashboard's roles, spelled out: designers see orders (their own), leads the inbox,
    // executives alone pay out.
    expect(expected['GET /api/staff/orders as staff']).toBe('403');
    expect(expected['GET /api/staff/orders as designer']).toBe('allowed');
    expect(expected['GET /api/staff/messages as designer']).toBe('403');
    expect(expected['GET /api/staff/messages as lead']).toBe('allowed');
    expect(expected['POST /api/staff/payouts/mark-paid as lead']).toBe('403');
    expect(expected['POST /api/staff/payouts/mark-paid as executive']).toBe('allowed');
    expect(expected['GET /api/staff/reviews as staff']).toBe('allowed');
    expect(expected['GET /api/staff/events as staff']).toBe('allowed');
    expect(expected['PUT /api/staff/content/portfolios/:username/:part as lead']).toBe('403');
    expect(expected['PUT /api/staff/content/portfolios/:username/:part as executive']).toBe(
      'allowed',
    );
    await fastify.close();
  });

  it('covers routes added later with stricter roles, read from their guards', async () => {
    const later: FastifyPluginAsync = async (scope) => {
      scope.get('/later/leads', { onRequest: requireRole('lead') }, async () => ({ ok: 1 }));
      scope.post(
        '/later/payments/:id',
        { preHandler: requireRole('payment_verifier') },
        async () => ({ ok: 1 }),
      );
      scope.delete('/later/blog', { onRequest: requireRight('blog:edit') }, async () => ({
        ok: 1,
      }));
    };
    const { fastify, routes } = await buildCollecting(database, later);
    const { actual, expected } = await runMatrix(fastify, routes, database);
    expect(actual).toEqual(expected);
    // The matrix is not vacuous: it expects refusals where the roles say so.
    expect(expected['GET /api/staff/later/leads as designer']).toBe('403');
    expect(expected['GET /api/staff/later/leads as lead']).toBe('allowed');
    expect(expected['POST /api/staff/later/payments/:id as lead']).toBe('403');
    expect(expected['POST /api/staff/later/payments/:id as executive']).toBe('allowed');
    expect(expected['DELETE /api/staff/later/blog as staff']).toBe('403');
    expect(expected['DELETE /api/staff/later/blog as anonymous']).toBe('401');
    await fastify.close();
  });
});
