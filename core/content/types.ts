import type { IconName } from './icons';

export type TeamCategory = {
  id: string;
  name: string;
  icon: IconName;
};

/** Seed shape: members are referenced by discordUsername so one person can sit in several teams. */
export type TeamCategorySeed = TeamCategory & {
  memberUsernames: string[];
};

export type TeamMember = {
  name: string;
  role: string;
  /** Comma-separated list of services, shown as chips and searched as text. */
  specialty: string;
  /** Unique key of a person across all categories. */
  discordUsername: string;
  pfpUrl: string;
  /** Empty or absent: the card shows BANNER_FALLBACK_COLOR. */
  bannerUrl?: string;
  quote?: string;
  /** Unix milliseconds; used by the 'activity' sort. */
  lastActive?: number;
};

export type PricingPlan = {
  title: string;
  /** Robux (R$). */
  price: number;
  features: string[];
  popular: boolean;
};

export type ServiceCard = {
  /** Anchor id of the card on the home page (nav dropdown links to `#${id}`). */
  id: string;
  icon: IconName;
  title: string;
  description: string;
};

export type StatTile = {
  icon: IconName;
  value: string;
  label: string;
};

export type IconCard = {
  icon: IconName;
  title: string;
  description: string;
};

export type PortfolioProject = {
  icon: IconName;
  title: string;
  description: string;
  tag: string;
  link?: string;
  stats?: { label: string; value: string }[];
};

export type PortfolioProfile = {
  username: string;
  name: string;
  title: string;
  subtitle: string;
  about: { mainText: string; secondaryText: string };
  skills: { name: string; level: number }[];
  expertise: IconCard[];
  projects: PortfolioProject[];
  testimonials: { name: string; role: string; content: string }[];
  githubUrl?: string;
  contactUrl?: string;
};

export type BlogPostSeed = {
  title: string;
  /** YYYY-MM-DD */
  date: string;
  content: string;
};

export type LegalSection = {
  id: string;
  title: string;
  /** Paragraphs; may contain the `{email}` token. */
  body: string[];
};

export type GuideSection = LegalSection;

export type NavLink = {
  label: string;
  href: string;
  /** True when the link leaves the site (opens in a new tab). */
  external?: boolean;
  children?: NavLink[];
};
