import { createContext, useContext } from 'react';

/** Public, non-secret settings from the server's configuration (DESIGN.md decision 11). */
export type SiteSettings = {
  supportEmail: string;
  discordInviteUrl: string;
  defaultPortfolioUsername: string;
};

const SiteSettingsContext = createContext<SiteSettings | null>(null);

export const SiteSettingsProvider = SiteSettingsContext.Provider;

export function useSiteSettings(): SiteSettings {
  const settings = useContext(SiteSettingsContext);
  if (!settings) throw new Error('useSiteSettings needs a SiteSettingsProvider');
  return settings;
}
