import { z } from 'zod';
import { text } from '../shared/text';
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

// What the dashboard's Site content section writes (executives). The stored row is read back
// through TeamMemberSchema above, so an edit can never leave a member the public page rejects.

/** A required field under the one text rule (core/shared/text.ts). */
const required = (label: string, max: number) => text(label, { max, min: 1 });

/** A member as the dashboard edits them; images change by upload, not here. */
export const TeamMemberEditSchema = z.object({
  name: required('Name', 80),
  role: required('Role', 80),
  specialty: text('Specialty', { max: 300 }),
  discordUsername: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.]{2,32}$/, {
      error: 'Discord username: 2–32 letters, digits, dots or underscores',
    }),
  quote: text('Quote', { max: 300 }).default(''),
  /** The categories the member appears in, each at its end unless already there. */
  categoryIds: z.array(z.string()).max(20).default([]),
});
export type TeamMemberEdit = z.output<typeof TeamMemberEditSchema>;

/** A category's name and icon, as the dashboard creates or renames it. */
export const TeamCategoryInputSchema = z.object({
  name: required('Name', 60),
  icon: z.enum(ICON_NAMES, { error: "Icon: pick one of the site's icons" }),
});
export type TeamCategoryInput = z.output<typeof TeamCategoryInputSchema>;

/** A category with its id (the API's PUT); `position` orders the home page's tabs. */
export const TeamCategoryEditSchema = TeamCategoryInputSchema.extend({
  id: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/, { error: 'Id: 1–40 lowercase letters, digits or dashes' }),
  position: z.number().int().min(0).max(1000).optional(),
});
export type TeamCategoryEdit = z.output<typeof TeamCategoryEditSchema>;

/** The categories' order: every category's id once, first shown first. */
export const TeamCategoryOrderSchema = z.object({
  ids: z.array(z.string().max(40), { error: 'ids: the category ids in their new order' }).max(100),
});

/** A member in the dashboard's table: their row id and the categories they sit in. */
export type EditableTeamMember = TeamMember & { id: number; categoryIds: string[] };
