import { z } from 'zod';
import { text } from '../shared/text';

export const AGE_MIN = 13;
export const AGE_MAX = 18;
export const AGE_DEFAULT = 13;
export const ACTIVITY_MIN = 5;
export const ACTIVITY_MAX = 15;
export const ACTIVITY_DEFAULT = 10;
export const SCENARIO_MIN_LENGTH = 50;
export const WHY_CHOOSE_YOU_MIN_LENGTH = 100;
/** Usernames: Roblox allows 20 characters and Discord 32; 100 leaves room without inviting essays. */
export const SHORT_TEXT_MAX = 100;
/** Long answers. The Discord message attaches anything that does not fit its embeds as .txt. */
export const LONG_TEXT_MAX = 4000;

// Counted the one way (core/shared/text), like the form's counters.
function requiredText(label: string, max: number, requiredMessage: string) {
  return text(label, { min: 1, max, requiredMessage });
}

function detailedAnswer(label: string, min: number) {
  const message = `Please provide a detailed response of at least ${min} characters`;
  return text(label, { min, max: LONG_TEXT_MAX, requiredMessage: message, minMessage: message });
}

const optionalAnswer = (label: string) => text(label, { max: LONG_TEXT_MAX }).default('');

const commonFields = {
  robloxUsername: requiredText('Roblox username', SHORT_TEXT_MAX, 'Roblox username is required'),
  discordUsername: requiredText('Discord username', SHORT_TEXT_MAX, 'Discord username is required'),
  age: z
    .number({ error: 'Age must be a number' })
    .int({ error: 'Age must be a whole number' })
    .min(AGE_MIN, { error: 'You must be at least 13 years old' })
    .max(AGE_MAX, { error: 'Applicants must be 18 or younger' }),
  activityLevel: z
    .number({ error: 'Activity level must be a number' })
    .int({ error: 'Activity level must be a whole number' })
    .min(ACTIVITY_MIN, { error: 'Activity level must be between 5 and 15' })
    .max(ACTIVITY_MAX, { error: 'Activity level must be between 5 and 15' }),
  questionsForUs: optionalAnswer('Questions for us'),
  questionsBenefits: optionalAnswer('Questions about benefits and rules'),
  additionalInfo: optionalAnswer('Additional information'),
  agreeTerms: z.literal(true, { error: 'You must agree to the terms' }),
};

export const ModeratorApplicationSchema = z.object({
  type: z.literal('moderator'),
  ...commonFields,
  otherServers: optionalAnswer('Other servers'),
  whyChooseYou: detailedAnswer('Why we should choose you', WHY_CHOOSE_YOU_MIN_LENGTH),
  scenarioOne: detailedAnswer('Scenario 1', SCENARIO_MIN_LENGTH),
  scenarioTwo: detailedAnswer('Scenario 2', SCENARIO_MIN_LENGTH),
  scenarioThree: detailedAnswer('Scenario 3', SCENARIO_MIN_LENGTH),
  scenarioFour: detailedAnswer('Scenario 4', SCENARIO_MIN_LENGTH),
});

// DESIGN decision 2: the designer form never shows the scenarios or "why choose you", so the
// designer variant does not ask for them. Portfolio images travel as files beside this JSON.
export const DesignerApplicationSchema = z.object({
  type: z.literal('designer'),
  ...commonFields,
  designStyle: optionalAnswer('Design style'),
  tools: optionalAnswer('Design tools'),
  designProcess: optionalAnswer('Design process'),
  designChallenges: optionalAnswer('Design challenges'),
});

export const ApplicationSchema = z.discriminatedUnion(
  'type',
  [ModeratorApplicationSchema, DesignerApplicationSchema],
  { error: 'Application type must be moderator or designer' },
);

/** The application types; the database's `application_type` enum is built from this list. */
export const APPLICATION_TYPES = ['moderator', 'designer'] as const;
export const ApplicationTypeSchema = z.enum(APPLICATION_TYPES);
export type ApplicationType = z.infer<typeof ApplicationTypeSchema>;
export type ModeratorApplication = z.output<typeof ModeratorApplicationSchema>;
export type DesignerApplication = z.output<typeof DesignerApplicationSchema>;
export type Application = z.output<typeof ApplicationSchema>;
export type ApplicationInput = z.input<typeof ApplicationSchema>;
export type ModeratorApplicationField = Exclude<keyof ModeratorApplication, 'type'>;
export type DesignerApplicationField = Exclude<keyof DesignerApplication, 'type'>;
export type ApplicationField = ModeratorApplicationField | DesignerApplicationField;

/** The spec's toasts (title / description) around an application. */
export const APPLICATION_MESSAGES = {
  tooManyImages: {
    title: 'Maximum images reached',
    description: 'You can only upload up to 10 images',
  },
  imageTooLarge: { title: 'File too large', description: 'Each image must be less than 5MB' },
  submitFailed: {
    title: 'Error',
    description: 'There was an error submitting your application. Please try again.',
  },
  submitted: {
    title: 'Application Submitted Successfully!',
    description: "Thank you for applying! We'll review your application soon.",
  },
} as const;

/** How long a review usually takes, as the success screen promises (docs/decisions/013-application-reference-and-decision-dm.md). */
const APPLICATION_REVIEW_DAYS = 7;

/** What happens after submitting, in the order the success screen lists it. */
export const APPLICATION_NEXT_STEPS = {
  review: `Our leads review every application, usually within ${APPLICATION_REVIEW_DAYS} days.`,
  answer:
    'The answer comes as a direct message on Discord from our bot, to the Discord username you gave.',
  join: 'Be in our Discord server and allow direct messages from server members, or the answer cannot reach you.',
  keep: 'Keep your reference: quote it if you ask us about your application.',
} as const;
