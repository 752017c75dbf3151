import { describe, expect, it } from 'vitest';
import {
  principalFromSessions,
  StaffIdentitySchema,
  type StaffMember,
  toStaffIdentity,
} from './principal';
import { rightsOfRoles } from './rights';
import type { StaffRole } from './roles';

const member = (...roles: StaffRole[]): StaffMember => ({
  id: 7,
  discordId: '123456789012345678',
  username: 'nova',
  roles,
});

describe('rightsOfRoles', () => {
  it('lets leads, executives and owners edit the blog (decision 4), nobody below', () => {
    expect(rightsOfRoles(['lead'])).toEqual(['blog:edit']);
    expect(rightsOfRoles(['executive'])).toEqual(['blog:edit']);
    expect(rightsOfRoles(['owner'])).toEqual(['blog:edit']);
    expect(rightsOfRoles(['staff', 'designer', 'payment_verifier'])).toEqual([]);
    expect(rightsOfRoles([])).toEqual([]);
  });
});

describe('principalFromSessions', () => {
  it('is nobody without a live session', () => {
    expect(principalFromSessions([])).toBeNull();
  });

  it('gives the passcode session the blog right and no staff member', () => {
    expect(principalFromSessions([{ scope: 'blog_admin', staff: null }])).toEqual({
      staff: null,
      rights: ['blog:edit'],
    });
  });

  it("gives a staff session the member and their roles' rights", () => {
    const lead = member('lead');
    expect(principalFromSessions([{ scope: 'staff', staff: lead }])).toEqual({
      staff: lead,
      rights: ['blog:edit'],
    });
    expect(principalFromSessions([{ scope: 'staff', staff: member('designer') }])?.rights).toEqual(
      [],
    );
  });

  it('adds the passcode right to a staff member who also typed the passcode', () => {
    const designer = member('designer');
    const principal = principalFromSessions([
      { scope: 'blog_admin', staff: null },
      { scope: 'staff', staff: designer },
    ]);
    expect(principal).toEqual({ staff: designer, rights: ['blog:edit'] });
  });
});

describe('toStaffIdentity', () => {
  it('answers id, username, name, roles and rights, and nothing else', () => {
    const identity = toStaffIdentity(member('designer', 'payment_verifier'), [], 'Nova');
    expect(identity).toEqual({
      id: 7,
      username: 'nova',
      name: 'Nova',
      roles: ['designer', 'payment_verifier'],
      rights: [],
    });
    expect(StaffIdentitySchema.parse(identity)).toEqual(identity);
    // Not seen on Discord yet: no name, the username stands in.
    expect(toStaffIdentity(member('lead'), []).name).toBeNull();
  });
});
