import { createContext, useContext } from 'react';

/** Public, non-secret settings from the server's configuration (DESIGN.md decision 11). */
export type SiteSettings = {
  supportEmail: string;
  discordInviteUrl: string;
  defaultPortfolioUsername: string;
  /**
   * The calendar year (UTC) when the server rendered the page. The footer's copyright shows it
   * while hydrating, so the browser's first render matches the HTML, then the visitor's own.
   */
  year: number;
};

const SiteSettingsContext = createContext<SiteSettings | null>(null);

export const SiteSettingsProvider = SiteSettingsContext.Provider;

export function useSiteSettings(): SiteSettings {
  const settings = useContext(SiteSettingsContext);
  if (!settings) throw new Error('useSiteSettings needs a SiteSettingsProvider');
  return settings;
}
