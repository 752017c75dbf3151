import { describe, expect, it } from 'vitest';
import { signInAsStaff } from '../support/staff';
import { useTestApp } from '../support/use-test-app';

// Decision 6: the staff guides and the dashboard need a staff sign-in; their HTML is never
// stored by a shared cache.
describe('staff pages (built web app)', () => {
  const server = useTestApp('pglite', { seed: true, web: true });
  const get = (url: string, cookie?: string) =>
    server.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  it.each([
    ['/staff/ticket-procedure', '/signin?next=%2Fstaff%2Fticket-procedure'],
    ['/staff/staff-procedure?tab=2', '/signin?next=%2Fstaff%2Fstaff-procedure%3Ftab%3D2'],
    ['/dashboard', '/signin?next=%2Fdashboard'],
    ['/dashboard/orders/T-1', '/signin?next=%2Fdashboard%2Forders%2FT-1'],
  ])('sends an anonymous visitor of %s to sign in, and back afterwards', async (url, location) => {
    const response = await get(url);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(location);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.body).not.toContain('Claiming the Ticket');
  });

  it.each(['//staff/ticket-procedure', '/STAFF/ticket-procedure', '/%73taff/ticket-procedure'])(
    'guards %s too, however the path is spelt',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toMatch(/^\/signin\?next=/);
      expect(response.body).not.toContain('Claiming the Ticket');
    },
  );

  it('serves a guide to staff, private and never stored', async () => {
    const { cookie } = await signInAsStaff(server.database.db, ['designer']);
    const response = await get('/staff/ticket-procedure', cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.body).toContain('Claiming the Ticket');
  });

  it('tells a signed-in member with no staff role left that they are not staff', async () => {
    const { cookie } = await signInAsStaff(server.database.db, []);
    const response = await get('/dashboard', cookie);
    expect(response.headers.location).toBe('/signin?error=not_staff&next=%2Fdashboard');
  });

  it('leaves public pages and look-alike paths public and cacheable', async () => {
    for (const url of ['/', '/blog', '/staffing']) {
      const response = await get(url);
      expect(response.statusCode, url).not.toBe(302);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });
});
