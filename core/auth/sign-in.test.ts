import { describe, expect, it } from 'vitest';
import { staffRolesFromDiscord } from './discord-roles';
import { FOREIGN_NEXTS } from './foreign-nexts.fixture';
import { isStaffPagePath, SignInLinkRequestSchema, safeNextPath, signInPagePath } from './sign-in';

describe('safeNextPath', () => {
  it.each([
    ['/dashboard/orders?page=2', '/dashboard/orders?page=2'],
    ['/dashboard/orders?status=paid#top', '/dashboard/orders?status=paid#top'],
    ['/staff/ticket-procedure', '/staff/ticket-procedure'],
    ['/blog/caf%C3%A9', '/blog/caf%C3%A9'],
    ['/order/plan/basic-design?ref=%2F%2Fx', '/order/plan/basic-design?ref=%2F%2Fx'],
    ['/dashboard/./orders', '/dashboard/orders'],
  ])('keeps %s, a page of this site', (next, kept) => {
    expect(safeNextPath(next)).toBe(kept);
  });

  it.each(FOREIGN_NEXTS)('falls back to the dashboard for %s', (_what, next) => {
    expect(safeNextPath(next)).toBe('/dashboard');
    expect(safeNextPath(next, '/orders')).toBe('/orders');
  });

  it.each([
    ['a relative path', 'dashboard'],
    ['the sign-in page itself', '/signin?next=/dashboard'],
    ['a sign-in route', '/auth/link/abc'],
    ['an API path', '/api/auth/signout'],
    ['nothing', ''],
    ['not text', ['/dashboard']],
    ['something very long', `/${'a'.repeat(600)}`],
  ])('falls back to the dashboard for %s', (_what, next) => {
    expect(safeNextPath(next)).toBe('/dashboard');
  });
});

describe('signInPagePath', () => {
  it('carries the error and a safe next path', () => {
    expect(signInPagePath({ error: 'not_staff', next: '/staff/x' })).toBe(
      '/signin?error=not_staff&next=%2Fstaff%2Fx',
    );
    expect(signInPagePath({ next: '//evil.example' })).toBe('/signin?next=%2Fdashboard');
    expect(signInPagePath()).toBe('/signin');
  });
});

describe('isStaffPagePath', () => {
  it('matches the guides and the dashboard, not look-alikes', () => {
    for (const path of ['/staff', '/staff/ticket-procedure', '/dashboard', '/dashboard/a/b']) {
      expect(isStaffPagePath(path), path).toBe(true);
    }
    for (const path of ['/', '/staffing', '/dashboards', '/api/staff/me', '/blog']) {
      expect(isStaffPagePath(path), path).toBe(false);
    }
  });
});

describe('SignInLinkRequestSchema', () => {
  it('takes a Discord user id or the local owner, and known roles', () => {
    expect(
      SignInLinkRequestSchema.safeParse({ discordId: '123456789012345678', roles: ['lead'] })
        .success,
    ).toBe(true);
    expect(SignInLinkRequestSchema.safeParse({ discordId: 'local-owner' }).success).toBe(true);
    expect(SignInLinkRequestSchema.safeParse({ discordId: 'nova' }).success).toBe(false);
    expect(
      SignInLinkRequestSchema.safeParse({ discordId: '123456789012345678', roles: ['admin'] })
        .success,
    ).toBe(false);
  });
});

describe('staffRolesFromDiscord', () => {
  const roleIds = { staff: '1', designer: '2', lead: '4', executive: '5' };

  it('maps each configured guild role to its staff role', () => {
    expect(staffRolesFromDiscord(['5', '2', '99'], roleIds)).toEqual(['designer', 'executive']);
  });

  it('gives a guild member with none of the roles nothing: membership is not staff', () => {
    expect(staffRolesFromDiscord(['99'], roleIds)).toEqual([]);
    expect(staffRolesFromDiscord([], roleIds)).toEqual([]);
  });

  it('never grants a role whose id is not configured', () => {
    expect(staffRolesFromDiscord(['3'], roleIds)).toEqual([]);
  });
});
