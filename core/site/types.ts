import type { IconName } from './icons';

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

/** A service as the nav dropdown names it: its card's anchor id and title. */
export type ServiceLink = Pick<ServiceCard, 'id' | 'title'>;

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
