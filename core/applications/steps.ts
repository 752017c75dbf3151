import { z } from 'zod';
import { flattenFieldErrors } from '../shared/field-errors';
import {
  ACTIVITY_DEFAULT,
  AGE_DEFAULT,
  type ApplicationField,
  type ApplicationInput,
  type ApplicationType,
  type DesignerApplicationField,
  DesignerApplicationSchema,
  type ModeratorApplicationField,
  ModeratorApplicationSchema,
} from './schema';

export interface ApplicationStep<Field extends ApplicationField> {
  title: string;
  fields: Field[];
  /** The designer's portfolio upload sits on this step; files are checked apart from the schema. */
  hasPortfolioImages?: boolean;
}

const personalStep = {
  title: 'Personal Information',
  fields: ['robloxUsername', 'discordUsername', 'age', 'activityLevel'],
} satisfies ApplicationStep<ApplicationField>;

const questionsStep = {
  title: 'Questions for Us',
  fields: ['questionsForUs', 'questionsBenefits', 'additionalInfo'],
} satisfies ApplicationStep<ApplicationField>;

const termsStep = {
  title: 'Terms',
  fields: ['agreeTerms'],
} satisfies ApplicationStep<ApplicationField>;

/** The spec's steps: moderator 5, designer 4. */
export const APPLICATION_STEPS: {
  moderator: ApplicationStep<ModeratorApplicationField>[];
  designer: ApplicationStep<DesignerApplicationField>[];
} = {
  moderator: [
    personalStep,
    { title: 'General Questions', fields: ['otherServers', 'whyChooseYou'] },
    {
      title: 'Scenarios',
      fields: ['scenarioOne', 'scenarioTwo', 'scenarioThree', 'scenarioFour'],
    },
    questionsStep,
    termsStep,
  ],
  designer: [
    personalStep,
    {
      title: 'Design Experience',
      fields: ['designStyle', 'tools', 'designProcess', 'designChallenges'],
      hasPortfolioImages: true,
    },
    questionsStep,
    termsStep,
  ],
};

export const APPLICATION_FIELD_LABELS: Record<ApplicationField, string> = {
  robloxUsername: 'Roblox Username',
  discordUsername: 'Discord Username',
  age: 'Age',
  activityLevel: 'Weekly Activity Level',
  otherServers: 'Other Servers You Moderate',
  whyChooseYou: 'Why Should We Choose You?',
  scenarioOne: 'Scenario 1: Member Arguments',
  scenarioTwo: 'Scenario 2: Rule Violations',
  scenarioThree: 'Scenario 3: Payment Issues',
  scenarioFour: 'Scenario 4: Toxic Behavior',
  questionsForUs: 'Questions About the Community',
  questionsBenefits: 'Questions About Benefits and Rules',
  additionalInfo: 'Additional Information',
  designStyle: 'Design Style',
  tools: 'Design Tools',
  designProcess: 'Design Process',
  designChallenges: 'Design Challenges',
  agreeTerms: 'I agree to the terms',
};

/** The form's starting values (spec: age 13, activity 10, terms unchecked). */
export function createEmptyApplication(type: ApplicationType): Record<string, unknown> {
  const common = {
    type,
    robloxUsername: '',
    discordUsername: '',
    age: AGE_DEFAULT,
    activityLevel: ACTIVITY_DEFAULT,
    questionsForUs: '',
    questionsBenefits: '',
    additionalInfo: '',
    agreeTerms: false,
  };
  if (type === 'designer') {
    return { ...common, designStyle: '', tools: '', designProcess: '', designChallenges: '' };
  }
  return {
    ...common,
    otherServers: '',
    whyChooseYou: '',
    scenarioOne: '',
    scenarioTwo: '',
    scenarioThree: '',
    scenarioFour: '',
  };
}

type StepValidation =
  | { ok: true }
  | { ok: false; errors: Partial<Record<ApplicationField, string>> };

/** Validates only the fields of one step, with the very rules of the full schema. */
export function validateApplicationStep(
  type: ApplicationType,
  stepIndex: number,
  values: Partial<ApplicationInput> | Record<string, unknown>,
): StepValidation {
  const step = APPLICATION_STEPS[type][stepIndex];
  if (!step) throw new RangeError(`${type} application has no step ${stepIndex}`);
  const shape: Record<string, z.ZodType> =
    type === 'moderator' ? ModeratorApplicationSchema.shape : DesignerApplicationSchema.shape;
  const stepSchema = z.object(
    Object.fromEntries(step.fields.map((f) => [f, shape[f] as z.ZodType])),
  );
  const result = stepSchema.safeParse(values);
  if (result.success) return { ok: true };
  // Every field of a step is top-level, so each path is the field's name.
  return { ok: false, errors: flattenFieldErrors(result.error) };
}
