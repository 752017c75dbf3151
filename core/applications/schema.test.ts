import { describe, expect, it } from 'vitest';
import {
  ApplicationSchema,
  DesignerApplicationSchema,
  LONG_TEXT_MAX,
  ModeratorApplicationSchema,
  SHORT_TEXT_MAX,
} from './schema';

const long = (n: number) => 'x'.repeat(n);

function moderator(overrides: Record<string, unknown> = {}) {
  return {
    type: 'moderator',
    robloxUsername: 'LunarFan',
    discordUsername: 'lunar.fan',
    age: 15,
    activityLevel: 10,
    otherServers: '',
    whyChooseYou: long(100),
    scenarioOne: long(50),
    scenarioTwo: long(50),
    scenarioThree: long(50),
    scenarioFour: long(50),
    agreeTerms: true,
    ...overrides,
  };
}

function designer(overrides: Record<string, unknown> = {}) {
  return {
    type: 'designer',
    robloxUsername: 'Pixel',
    discordUsername: 'pixel',
    age: 16,
    activityLevel: 7,
    agreeTerms: true,
    ...overrides,
  };
}

function messagesFor(input: unknown): Record<string, string[]> {
  const result = ApplicationSchema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '');
    out[key] = [...(out[key] ?? []), issue.message];
  }
  return out;
}

describe('ApplicationSchema', () => {
  it('accepts a complete moderator application and fills optional answers with ""', () => {
    const parsed = ApplicationSchema.parse(moderator({ robloxUsername: '  LunarFan  ' }));
    expect(parsed.robloxUsername).toBe('LunarFan');
    expect(parsed.questionsForUs).toBe('');
  });

  it('accepts a designer without any moderator-only field', () => {
    const parsed = ApplicationSchema.parse(designer());
    expect(parsed.type).toBe('designer');
    expect(parsed).not.toHaveProperty('scenarioOne');
    expect(parsed).toMatchObject({ designStyle: '', tools: '' });
  });

  it('rejects a moderator without the scenarios and whyChooseYou', () => {
    const input = moderator();
    for (const key of [
      'scenarioOne',
      'scenarioTwo',
      'scenarioThree',
      'scenarioFour',
      'whyChooseYou',
    ]) {
      delete (input as Record<string, unknown>)[key];
    }
    const errors = messagesFor(input);
    const detail50 = 'Please provide a detailed response of at least 50 characters';
    expect(errors.scenarioOne).toEqual([detail50]);
    expect(errors.scenarioFour).toEqual([detail50]);
    expect(errors.whyChooseYou).toEqual([
      'Please provide a detailed response of at least 100 characters',
    ]);
  });

  it.each([
    ['robloxUsername', '   ', 'Roblox username is required'],
    ['robloxUsername', undefined, 'Roblox username is required'],
    ['discordUsername', '', 'Discord username is required'],
    ['age', 12, 'You must be at least 13 years old'],
    ['age', 19, 'Applicants must be 18 or younger'],
    ['activityLevel', 4, 'Activity level must be between 5 and 15'],
    ['activityLevel', 16, 'Activity level must be between 5 and 15'],
    ['scenarioTwo', long(49), 'Please provide a detailed response of at least 50 characters'],
    ['whyChooseYou', long(99), 'Please provide a detailed response of at least 100 characters'],
    ['agreeTerms', false, 'You must agree to the terms'],
    ['robloxUsername', long(SHORT_TEXT_MAX + 1), 'Roblox username must be at most 100 characters'],
    ['otherServers', long(LONG_TEXT_MAX + 1), 'Other servers must be at most 4000 characters'],
  ])('%s = %j fails with exactly "%s"', (field, value, message) => {
    expect(messagesFor(moderator({ [field]: value }))).toEqual({ [field]: [message] });
  });

  it('accepts the bounds themselves', () => {
    const edge = moderator({ age: 13, activityLevel: 5, scenarioOne: long(50) });
    expect(ApplicationSchema.safeParse(edge).success).toBe(true);
    expect(ApplicationSchema.safeParse(moderator({ age: 18, activityLevel: 15 })).success).toBe(
      true,
    );
    expect(
      ApplicationSchema.safeParse(moderator({ otherServers: long(LONG_TEXT_MAX) })).success,
    ).toBe(true);
  });

  it('counts the minimum after trimming', () => {
    const padded = `${' '.repeat(10)}${long(45)}${' '.repeat(10)}`;
    expect(messagesFor(moderator({ scenarioThree: padded }))).toEqual({
      scenarioThree: ['Please provide a detailed response of at least 50 characters'],
    });
  });

  it('rejects a fractional age and an unknown type', () => {
    expect(messagesFor(moderator({ age: 15.5 }))).toEqual({ age: ['Age must be a whole number'] });
    expect(ApplicationSchema.safeParse(moderator({ type: 'admin' })).success).toBe(false);
  });

  it('rejects text with a lone surrogate', () => {
    expect(messagesFor(designer({ tools: 'Photoshop \ud83d' }))).toEqual({
      tools: ['Design tools contains broken Unicode (a lone surrogate)'],
    });
  });

  it('keeps the variants apart', () => {
    expect(DesignerApplicationSchema.safeParse(moderator()).success).toBe(false);
    expect(ModeratorApplicationSchema.safeParse(designer()).success).toBe(false);
  });
});
