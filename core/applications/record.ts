import { z } from 'zod';
import { DateTimeSchema } from '../shared/dates';
import { ACCEPTED_IMAGE_TYPES } from './image-type';
import {
  type Application,
  ApplicationTypeSchema,
  DesignerApplicationSchema,
  ModeratorApplicationSchema,
} from './schema';

// A stored application as the bot and the dashboard read it: the columns staff filter, sort
// and search on, and every other answer in one document checked by its type's schema.

/** The review states; the database's `application_status` enum is built from this list. */
export const APPLICATION_STATUSES = ['pending', 'accepted', 'rejected'] as const;
export const ApplicationStatusSchema = z.enum(APPLICATION_STATUSES);
export type ApplicationStatus = z.infer<typeof ApplicationStatusSchema>;

// Kept as columns (DESIGN.md: the dashboard filters by type and searches by username).
const COLUMN_FIELDS = { type: true, robloxUsername: true, discordUsername: true } as const;

/** The answers document of a moderator application (the `answers` jsonb column). */
export const ModeratorAnswersSchema = ModeratorApplicationSchema.omit(COLUMN_FIELDS);
/** The answers document of a designer application. */
export const DesignerAnswersSchema = DesignerApplicationSchema.omit(COLUMN_FIELDS);

export type ModeratorAnswers = z.output<typeof ModeratorAnswersSchema>;
export type DesignerAnswers = z.output<typeof DesignerAnswersSchema>;
export type ApplicationAnswers = ModeratorAnswers | DesignerAnswers;

/** What is written for a submission: the columns, and the answers document. */
export function splitApplication(application: Application) {
  const { type, robloxUsername, discordUsername, ...answers } = application;
  return { type, robloxUsername, discordUsername, answers };
}

/** A lead's or executive's verdict, as the message and the dashboard show it. */
export const ApplicationDecisionSchema = z.object({
  status: z.enum(['accepted', 'rejected']),
  /** Discord user id of the reviewer. */
  reviewerId: z.string().min(1),
  reviewerName: z.string(),
  decidedAt: DateTimeSchema,
});
export type ApplicationDecision = z.output<typeof ApplicationDecisionSchema>;

/** A portfolio image without its bytes. */
export const ApplicationImageSchema = z.object({
  id: z.number().int(),
  position: z.number().int().nonnegative(),
  filename: z.string(),
  // The server accepts only images it recognised by their content.
  contentType: z.enum(ACCEPTED_IMAGE_TYPES),
  byteSize: z.number().int().nonnegative(),
});
export type ApplicationImage = z.output<typeof ApplicationImageSchema>;

const summaryFields = {
  id: z.number().int(),
  status: ApplicationStatusSchema,
  robloxUsername: z.string(),
  discordUsername: z.string(),
  submittedAt: DateTimeSchema,
  decision: ApplicationDecisionSchema.nullable(),
};

/** One row of the dashboard's application list: no answers, no images. */
export const ApplicationSummarySchema = z.object({ type: ApplicationTypeSchema, ...summaryFields });
export type ApplicationSummary = z.output<typeof ApplicationSummarySchema>;

/** A stored application with its answers and its images' metadata. */
export const ApplicationRecordSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('moderator'),
    ...summaryFields,
    answers: ModeratorAnswersSchema,
    images: z.array(ApplicationImageSchema),
  }),
  z.object({
    type: z.literal('designer'),
    ...summaryFields,
    answers: DesignerAnswersSchema,
    images: z.array(ApplicationImageSchema),
  }),
]);
export type ApplicationRecord = z.output<typeof ApplicationRecordSchema>;

/**
 * Reads a stored application (its columns, its answers document and its images) through the
 * record schema: the one way answers come back from the database, for Discord and the
 * dashboard alike. Throws, naming the application and the first problem, when it does not fit.
 */
export function readApplicationRecord(stored: { id: number } & Record<string, unknown>) {
  const result = ApplicationRecordSchema.safeParse(stored);
  if (result.success) return result.data;
  const [issue] = result.error.issues;
  throw new Error(
    `application ${stored.id} does not fit its schema: ${issue?.path.join('.') || '_'}: ${issue?.message}`,
  );
}
