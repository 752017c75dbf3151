import { describe, expect, it } from 'vitest';
import { fitName, PersonSchema, personName } from './person';

describe('people', () => {
  it('names a person as the studio server shows them', () => {
    expect(personName({ username: 'nova', globalName: 'Nova', nick: 'Nova (Lead)' })).toBe(
      'Nova (Lead)',
    );
    expect(personName({ username: 'nova', globalName: 'Nova', nick: null })).toBe('Nova');
    expect(personName({ username: 'nova', globalName: null })).toBe('nova');
  });

  it('takes what Discord sends, and refuses what is not a person', () => {
    const person = {
      discordId: '123456789012345678',
      username: 'nova',
      globalName: null,
      avatar: 'a_0123456789abcdef0123456789abcdef',
    };
    expect(PersonSchema.parse(person)).toEqual(person);
    expect(PersonSchema.safeParse({ ...person, discordId: 'nova' }).success).toBe(false);
    expect(PersonSchema.safeParse({ ...person, avatar: '../x' }).success).toBe(false);
  });

  it('cuts an overlong name instead of refusing it', () => {
    expect(fitName('  x  ')).toBe('x');
    expect(fitName('')).toBeNull();
    expect(fitName(undefined)).toBeNull();
    expect(fitName('🌙'.repeat(70))).toBe('🌙'.repeat(64));
  });
});
