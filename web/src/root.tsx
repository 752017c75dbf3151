import { type ReactNode, StrictMode } from 'react';
import type { ApiSnapshot, SiteSettings } from '../../core/site/routes';
import { App } from './app';
import { ToastProvider } from './components/ui/toast';
import { SiteSettingsProvider } from './data/site-settings';
import { ApiProvider } from './data/use-api';

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
        <ApiProvider snapshot={state.api}>
          <ToastProvider>{router(<App />)}</ToastProvider>
        </ApiProvider>
      </SiteSettingsProvider>
    </StrictMode>
  );
}
