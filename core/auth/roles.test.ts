import { describe, expect, it } from 'vitest';
import { hasRole, normalizeRoles, STAFF_ROLES, type StaffRole } from './roles';

const user = (...roles: StaffRole[]) => ({ roles });

// Every role each single role acts as; anything not listed must be refused.
const ACTS_AS: Record<StaffRole, StaffRole[]> = {
  staff: ['staff'],
  designer: ['designer', 'staff'],
  payment_verifier: ['payment_verifier', 'staff'],
  lead: ['lead', 'designer', 'staff'],
  executive: ['executive', 'lead', 'designer', 'payment_verifier', 'staff'],
  owner: [...STAFF_ROLES],
};

describe('hasRole', () => {
  for (const held of STAFF_ROLES) {
    it(`a ${held} acts as exactly ${ACTS_AS[held].join(', ')}`, () => {
      const granted = STAFF_ROLES.filter((role) => hasRole(user(held), role));
      expect(granted.sort()).toEqual([...ACTS_AS[held]].sort());
    });
  }

  it('combines several roles: a designer who also verifies payments', () => {
    const both = user('designer', 'payment_verifier');
    expect(hasRole(both, 'designer')).toBe(true);
    expect(hasRole(both, 'payment_verifier')).toBe(true);
    expect(hasRole(both, 'lead')).toBe(false);
    expect(hasRole(both, 'executive')).toBe(false);
  });

  it('grants nothing without roles, not even staff', () => {
    for (const role of STAFF_ROLES) expect(hasRole(user(), role)).toBe(false);
  });
});

describe('normalizeRoles', () => {
  it('keeps each role once, in the vocabulary order', () => {
    expect(normalizeRoles(['owner', 'designer', 'owner', 'staff'])).toEqual([
      'staff',
      'designer',
      'owner',
    ]);
    expect(normalizeRoles([])).toEqual([]);
  });
});
