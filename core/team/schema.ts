import { z } from 'zod';
import { ICON_NAMES } from '../site/icons';

// The team as `GET /api/team` answers it, the seed writes it and the home page reads it.

export const TeamMemberSchema = z.object({
  name: z.string(),
  role: z.string(),
  /** Comma-separated list of services, shown as chips and searched as text. */
  specialty: z.string(),
  /** Unique key of a person across all categories. */
  discordUsername: z.string(),
  pfpUrl: z.string(),
  /** Empty: the card shows BANNER_FALLBACK_COLOR. */
  bannerUrl: z.string().default(''),
  quote: z.string().default(''),
  /** Unix milliseconds; used by the 'activity' sort. Absent when never recorded. */
  lastActive: z.number().int().optional(),
});
export type TeamMember = z.output<typeof TeamMemberSchema>;
/** A member as written in the seed: banner and quote may be left out. */
export type TeamMemberSeed = z.input<typeof TeamMemberSchema>;

export const TeamCategorySchema = z.object({
  id: z.string(),
  name: z.string(),
  icon: z.enum(ICON_NAMES),
});
export type TeamCategory = z.output<typeof TeamCategorySchema>;

/** Seed shape: members are referenced by discordUsername so one person can sit in several teams. */
export type TeamCategorySeed = TeamCategory & { memberUsernames: string[] };

export const TeamCategoryWithMembersSchema = TeamCategorySchema.extend({
  members: z.array(TeamMemberSchema),
});
export type TeamCategoryWithMembers = z.output<typeof TeamCategoryWithMembersSchema>;

/**
 * `GET /api/team`: every category in display order. Not a Page: the home page shows all
 * five at once (prerendered), a member appears in several, and a cursor would only split one
 * small, curated list.
 */
export const TeamResponseSchema = z.object({ categories: z.array(TeamCategoryWithMembersSchema) });
export type TeamResponse = z.output<typeof TeamResponseSchema>;
