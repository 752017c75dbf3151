// The studio's own facts every page shows (DESIGN.md decision 11): the support e-mail, the
// Discord invite, and the day the legal pages last changed. Executives edit them in the
// dashboard (Site content → Settings, stored as the `settings` block); until then they are the
// configuration's (SUPPORT_EMAIL, DISCORD_INVITE_URL) and the spec's date. No zod here: every
// page's bundle formats the date.

export type StudioSettings = {
  supportEmail: string;
  discordInviteUrl: string;
  /** YYYY-MM-DD: the "Last updated" of the terms and the privacy policy. */
  legalLastUpdated: string;
  /**
   * What 100 R$ (of what the studio receives) cost by card, in CARD_CURRENCY ("1.25"): the card
   * price of an order /createpayment gives none for. Unset: no card option without one.
   */
  cardPricePer100Robux?: string | null;
};

/** The configuration's defaults: a studio that keeps them has not set its own yet. */
export const PLACEHOLDER_SUPPORT_EMAIL = 'support@lunar.gg';
export const PLACEHOLDER_DISCORD_INVITE_URL = 'https://discord.gg/lunar';
/** Spec §9: "Docs last updated March 19, 2024". */
export const SPEC_LEGAL_LAST_UPDATED = '2024-03-19';

/** What the pages show while no settings are stored: the configuration's values. */
export function defaultStudioSettings(config: {
  SUPPORT_EMAIL: string;
  DISCORD_INVITE_URL: string;
}): StudioSettings {
  return {
    supportEmail: config.SUPPORT_EMAIL,
    discordInviteUrl: config.DISCORD_INVITE_URL,
    legalLastUpdated: SPEC_LEGAL_LAST_UPDATED,
  };
}
