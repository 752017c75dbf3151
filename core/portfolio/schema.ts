import { z } from 'zod';

// A portfolio profile as the seed writes it, the database stores it and
// `GET /api/portfolios/:username` answers it. Icons are plain names: a stored profile may name
// one the site does not draw, and the page shows a neutral icon for it.

const IconCardSchema = z.object({ icon: z.string(), title: z.string(), description: z.string() });

export const PortfolioSkillSchema = z.object({
  name: z.string(),
  /** Percent, shown as a meter. */
  level: z.number().int().min(0).max(100),
});
export const PortfolioExpertiseSchema = IconCardSchema;
export const PortfolioProjectSchema = IconCardSchema.extend({
  tag: z.string(),
  link: z.string().optional(),
  stats: z.array(z.object({ label: z.string(), value: z.string() })).optional(),
});
export const PortfolioTestimonialSchema = z.object({
  name: z.string(),
  role: z.string(),
  content: z.string(),
});

export const PortfolioSchema = z.object({
  username: z.string(),
  name: z.string(),
  title: z.string(),
  subtitle: z.string(),
  about: z.object({ mainText: z.string(), secondaryText: z.string() }),
  skills: z.array(PortfolioSkillSchema),
  expertise: z.array(PortfolioExpertiseSchema),
  projects: z.array(PortfolioProjectSchema),
  testimonials: z.array(PortfolioTestimonialSchema),
  githubUrl: z.string().nullable(),
  contactUrl: z.string().nullable(),
});
export type Portfolio = z.output<typeof PortfolioSchema>;
export type PortfolioSkill = z.output<typeof PortfolioSkillSchema>;
export type PortfolioExpertise = z.output<typeof PortfolioExpertiseSchema>;
export type PortfolioProject = z.output<typeof PortfolioProjectSchema>;
export type PortfolioTestimonial = z.output<typeof PortfolioTestimonialSchema>;

/** `GET /api/portfolios/:username`: the profile, and whether it is the fallback (spec §2). */
export const PortfolioResponseSchema = PortfolioSchema.extend({ fallback: z.boolean() });
export type PortfolioResponse = z.output<typeof PortfolioResponseSchema>;
