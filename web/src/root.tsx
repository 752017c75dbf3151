import { type ReactNode, StrictMode } from 'react';
import { App } from './app';
import { ApiCacheProvider, type ApiSnapshot } from './data/api-cache';
import { type SiteSettings, SiteSettingsProvider } from './data/site-settings';

/** What the server ships in the page for hydration. */
export type InitialState = { site: SiteSettings; api: ApiSnapshot };

export function Root({
  state,
  router,
}: {
  state: InitialState;
  router: (app: ReactNode) => ReactNode;
}) {
  return (
    <StrictMode>
      <SiteSettingsProvider value={state.site}>
        <ApiCacheProvider snapshot={state.api}>{router(<App />)}</ApiCacheProvider>
      </SiteSettingsProvider>
    </StrictMode>
  );
}
