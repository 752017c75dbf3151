import { describe, expect, it } from 'vitest';
import { initialsOf, seniorRoleLabel } from './signed-in';

describe('who is signed in', () => {
  it('names the most senior role held', () => {
    expect(seniorRoleLabel(['designer', 'executive'])).toBe('Executive');
    expect(seniorRoleLabel(['staff', 'lead'])).toBe('Lead designer');
    expect(seniorRoleLabel(['owner'])).toBe('Owner');
    expect(seniorRoleLabel([])).toBe('Staff');
  });

  it('draws the avatar from the name’s first letters', () => {
    expect(initialsOf('Nova Dev')).toBe('ND');
    expect(initialsOf('nova')).toBe('NO');
    expect(initialsOf('__x')).toBe('X');
    expect(initialsOf('***')).toBe('?');
  });
});
