import { type ReactNode, StrictMode } from 'react';
import { App } from './app';
import { ToastProvider } from './components/ui/toast';
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
        <ApiCacheProvider snapshot={state.api}>
          <ToastProvider>{router(<App />)}</ToastProvider>
        </ApiCacheProvider>
      </SiteSettingsProvider>
    </StrictMode>
  );
}
