import type { IconName } from '../site/icons';

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
