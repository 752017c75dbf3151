import { createContext, useContext } from 'react';
import type { SiteSettings } from '../../../core/site/routes';

const SiteSettingsContext = createContext<SiteSettings | null>(null);

export const SiteSettingsProvider = SiteSettingsContext.Provider;

export function useSiteSettings(): SiteSettings {
  const settings = useContext(SiteSettingsContext);
  if (!settings) throw new Error('useSiteSettings needs a SiteSettingsProvider');
  return settings;
}
