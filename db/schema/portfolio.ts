import { boolean, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type {
  PortfolioExpertise,
  PortfolioProject,
  PortfolioSkill,
  PortfolioTestimonial,
} from '../../core/portfolio/schema';

export const portfolioProfiles = pgTable('portfolio_profiles', {
  username: text('username').primaryKey(),
  name: text('name').notNull(),
  title: text('title').notNull(),
  subtitle: text('subtitle').notNull(),
  aboutMain: text('about_main').notNull(),
  aboutSecondary: text('about_secondary').notNull(),
  githubUrl: text('github_url'),
  contactUrl: text('contact_url'),
  skills: jsonb('skills').$type<PortfolioSkill[]>().notNull(),
  expertise: jsonb('expertise').$type<PortfolioExpertise[]>().notNull(),
  projects: jsonb('projects').$type<PortfolioProject[]>().notNull(),
  testimonials: jsonb('testimonials').$type<PortfolioTestimonial[]>().notNull(),
  // Uploaded in the portfolio editor (/media/site/<hash>); null: the team card's, if any.
  avatarUrl: text('avatar_url'),
  bannerUrl: text('banner_url'),
  // Made up by the demo seed (db/seed.ts); see team_members.demo.
  demo: boolean('demo').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
