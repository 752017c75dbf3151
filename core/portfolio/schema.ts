import { z } from 'zod';
import { text } from '../shared/text';

// A portfolio profile as the seed writes it, the database stores it, the dashboard edits it
// (executives, issue 12) and `GET /api/portfolios/:username` answers it. One definition per
// field: the editor's parts below are the same objects the whole profile is built from, so an
// edit can never store a profile the public page rejects. Icons are plain names: a stored
// profile may name one the site does not draw, and the page shows a neutral icon for it.

/** A required field under the one text rule (core/shared/text.ts). */
const required = (label: string, max: number) => text(label, { max, min: 1 });

// Addresses a visitor's browser follows: never `javascript:` or another scheme that runs code.
const SITE_PATH = /^\/(?!\/)/;
const WEB_URL = /^https:\/\/[^\s/]+/i;

/** A link on the page: a path on this site, an https URL or a mailto: address. */
const linkField = (label: string) =>
  text(label, { max: 300, min: 1 }).refine(
    (value) => SITE_PATH.test(value) || WEB_URL.test(value) || /^mailto:\S+@\S+$/i.test(value),
    { error: `${label}: a path on this site (/contact), an https:// URL or mailto:` },
  );

/** An image uploaded through the dashboard (server/site-media.ts): its content address. */
const PortfolioImageUrlSchema = z
  .string()
  .regex(/^\/media\/site\/[0-9a-f]{64}$/, { error: 'Images must be uploaded in the dashboard' });

export const PORTFOLIO_LIMITS = { skills: 20, projects: 12, imagesPerProject: 6 } as const;

const IconCardSchema = z.object({
  icon: z.string().regex(/^[a-z-]{1,40}$/, { error: 'Icon: an icon name' }),
  title: required('Title', 80),
  description: required('Description', 600),
});

export const PortfolioSkillSchema = z.object({
  name: required('Skill', 60),
  /** Percent, shown as a meter. */
  level: z
    .number({ error: 'Level must be a number from 0 to 100' })
    .int({ error: 'Level must be a whole number' })
    .min(0, { error: 'Level must be at least 0' })
    .max(100, { error: 'Level must be at most 100' }),
});
export const PortfolioExpertiseSchema = IconCardSchema;
export const PortfolioProjectSchema = IconCardSchema.extend({
  tag: required('Tag', 40),
  link: linkField('Link').optional(),
  stats: z
    .array(z.object({ label: required('Stat label', 40), value: required('Stat value', 20) }))
    .max(6)
    .optional(),
  /** Shown as the project's gallery; uploaded files (PortfolioImageUrlSchema). */
  images: z.array(PortfolioImageUrlSchema).max(PORTFOLIO_LIMITS.imagesPerProject).optional(),
});
export const PortfolioTestimonialSchema = z.object({
  name: required('Name', 80),
  role: required('Role', 120),
  content: required('Testimonial', 600),
});

/** Skill names and project titles are what a visitor tells entries apart by (and React keys). */
const uniqueBy =
  <T>(pick: (item: T) => string) =>
  (items: T[]) =>
    new Set(items.map((item) => pick(item).toLowerCase())).size === items.length;

// The parts the dashboard saves one at a time (PUT /api/staff/content/portfolios/:username/:part).
export const PortfolioProfileEditSchema = z.object({
  name: required('Name', 80),
  title: required('Title', 80),
  subtitle: text('Subtitle', { max: 200 }),
  about: z.object({
    mainText: required('About text', 2000),
    secondaryText: text('More about text', { max: 2000 }),
  }),
  /** The GitHub button's address (or another code host's): https only. */
  githubUrl: text('GitHub link', { max: 300, min: 1 })
    .refine((value) => WEB_URL.test(value), {
      error: 'GitHub link: an https:// address, or leave it empty',
    })
    .nullable(),
  contactUrl: linkField('Contact link').nullable(),
});
const PortfolioSkillsSchema = z
  .array(PortfolioSkillSchema)
  .max(PORTFOLIO_LIMITS.skills, { error: `At most ${PORTFOLIO_LIMITS.skills} skills` })
  .refine(
    uniqueBy((skill: { name: string }) => skill.name),
    { error: 'Each skill needs its own name' },
  );
const PortfolioProjectsSchema = z
  .array(PortfolioProjectSchema)
  .max(PORTFOLIO_LIMITS.projects, { error: `At most ${PORTFOLIO_LIMITS.projects} projects` })
  .refine(
    uniqueBy((project: { title: string }) => project.title),
    { error: 'Each project needs its own title' },
  );
const PortfolioExpertiseListSchema = z.array(PortfolioExpertiseSchema).max(8);
const PortfolioTestimonialsSchema = z.array(PortfolioTestimonialSchema).max(12);

/** The key of a portfolio: its designer's Discord username (as the team directory spells it). */
const PortfolioUsernameSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_.]{2,32}$/, {
    error: 'Username: 2–32 letters, digits, dots or underscores (the Discord username)',
  });

export const PortfolioSchema = PortfolioProfileEditSchema.extend({
  // Read back as stored: older rows may hold names the editor's rule would refuse today.
  username: z.string(),
  skills: PortfolioSkillsSchema,
  expertise: PortfolioExpertiseListSchema,
  projects: PortfolioProjectsSchema,
  testimonials: PortfolioTestimonialsSchema,
});
export type Portfolio = z.output<typeof PortfolioSchema>;
export type PortfolioSkill = z.output<typeof PortfolioSkillSchema>;
export type PortfolioExpertise = z.output<typeof PortfolioExpertiseSchema>;
export type PortfolioProject = z.output<typeof PortfolioProjectSchema>;
export type PortfolioTestimonial = z.output<typeof PortfolioTestimonialSchema>;
export type PortfolioProfileEdit = z.output<typeof PortfolioProfileEditSchema>;

/** A new portfolio: whose it is and its profile; skills, projects and the rest start empty. */
export const PortfolioCreateSchema = PortfolioProfileEditSchema.extend({
  username: PortfolioUsernameSchema,
});

/** What `PUT …/portfolios/:username/:part` stores, per part; each replaces that part whole. */
export const PORTFOLIO_PART_SCHEMAS = {
  profile: PortfolioProfileEditSchema,
  skills: PortfolioSkillsSchema,
  projects: PortfolioProjectsSchema,
  expertise: PortfolioExpertiseListSchema,
  testimonials: PortfolioTestimonialsSchema,
} as const;
export type PortfolioPart = keyof typeof PORTFOLIO_PART_SCHEMAS;
export const PortfolioPartSchema = z.enum(
  ['profile', 'skills', 'projects', 'expertise', 'testimonials'],
  { error: 'Part must be profile, skills, projects, expertise or testimonials' },
);

/**
 * The pictures a portfolio shows: its own (uploaded in the portfolio editor), else those of the
 * same designer's team card (matched by username); null: the generated avatar, a stock banner.
 */
export const PortfolioImagesSchema = z.object({
  avatarUrl: z.string().nullable(),
  bannerUrl: z.string().nullable(),
});
export type PortfolioImages = z.output<typeof PortfolioImagesSchema>;
export type PortfolioWithImages = Portfolio & PortfolioImages;

/** `GET /api/portfolios/:username`: the profile, and whether it is the fallback (spec §2). */
export const PortfolioResponseSchema = PortfolioSchema.extend({
  fallback: z.boolean(),
  ...PortfolioImagesSchema.shape,
});
export type PortfolioResponse = z.output<typeof PortfolioResponseSchema>;
