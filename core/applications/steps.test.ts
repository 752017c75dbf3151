import { describe, expect, it } from 'vitest';
import { DesignerApplicationSchema, ModeratorApplicationSchema } from './schema';
import {
  APPLICATION_FIELD_LABELS,
  APPLICATION_STEPS,
  createEmptyApplication,
  validateApplicationStep,
} from './steps';

describe('APPLICATION_STEPS', () => {
  it('has 5 moderator steps and 4 designer steps in the spec order', () => {
    expect(APPLICATION_STEPS.moderator.map((s) => s.fields)).toEqual([
      ['robloxUsername', 'discordUsername', 'age', 'activityLevel'],
      ['otherServers', 'whyChooseYou'],
      ['scenarioOne', 'scenarioTwo', 'scenarioThree', 'scenarioFour'],
      ['questionsForUs', 'questionsBenefits', 'additionalInfo'],
      ['agreeTerms'],
    ]);
    expect(APPLICATION_STEPS.designer.map((s) => s.fields)).toEqual([
      ['robloxUsername', 'discordUsername', 'age', 'activityLevel'],
      ['designStyle', 'tools', 'designProcess', 'designChallenges'],
      ['questionsForUs', 'questionsBenefits', 'additionalInfo'],
      ['agreeTerms'],
    ]);
    expect(APPLICATION_STEPS.designer[1]?.hasPortfolioImages).toBe(true);
  });

  it('covers every schema field exactly once, each with a label', () => {
    for (const [type, schema] of [
      ['moderator', ModeratorApplicationSchema],
      ['designer', DesignerApplicationSchema],
    ] as const) {
      const stepFields = APPLICATION_STEPS[type].flatMap((s) => s.fields as string[]);
      const schemaFields = Object.keys(schema.shape).filter((k) => k !== 'type');
      expect([...stepFields].sort()).toEqual([...schemaFields].sort());
      for (const f of stepFields) expect(APPLICATION_FIELD_LABELS).toHaveProperty(f);
    }
  });
});

describe('validateApplicationStep', () => {
  it('checks only the current step: step 1 passes while later steps are empty', () => {
    const values = {
      ...createEmptyApplication('moderator'),
      robloxUsername: 'a',
      discordUsername: 'b',
    };
    expect(validateApplicationStep('moderator', 0, values)).toEqual({ ok: true });
    expect(validateApplicationStep('moderator', 2, values)).toEqual({
      ok: false,
      errors: {
        scenarioOne: 'Please provide a detailed response of at least 50 characters',
        scenarioTwo: 'Please provide a detailed response of at least 50 characters',
        scenarioThree: 'Please provide a detailed response of at least 50 characters',
        scenarioFour: 'Please provide a detailed response of at least 50 characters',
      },
    });
  });

  it('reports the spec messages of the first step for the empty form', () => {
    expect(validateApplicationStep('designer', 0, createEmptyApplication('designer'))).toEqual({
      ok: false,
      errors: {
        robloxUsername: 'Roblox username is required',
        discordUsername: 'Discord username is required',
      },
    });
  });

  it('lets a designer through the optional design step and stops at unchecked terms', () => {
    const values = createEmptyApplication('designer');
    expect(validateApplicationStep('designer', 1, values)).toEqual({ ok: true });
    expect(validateApplicationStep('designer', 3, values)).toEqual({
      ok: false,
      errors: { agreeTerms: 'You must agree to the terms' },
    });
  });

  it('starts the form with the spec defaults', () => {
    expect(createEmptyApplication('moderator')).toMatchObject({
      age: 13,
      activityLevel: 10,
      agreeTerms: false,
    });
  });

  it('throws for a step that does not exist', () => {
    expect(() => validateApplicationStep('designer', 4, {})).toThrow(RangeError);
  });
});
