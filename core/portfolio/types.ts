import type { IconName } from '../site/icons';
import type { IconCard } from '../site/types';

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
