import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { unstable_HistoryRouter as HistoryRouter } from 'react-router';
import { preloadRoute } from './app-routes';
import { createGuardedHistory } from './navigation-guard';
import { type InitialState, Root } from './root';

// Imported by entry-client.tsx once the prerendered page has been painted.

const stateElement = document.getElementById('lunar-state');
const state = JSON.parse(stateElement?.textContent ?? '{}') as InitialState;

// Load the current page's chunks before hydrating so the prerendered markup is reused as is.
await preloadRoute(window.location.pathname);

// BrowserRouter's history, able to hold a navigation while the dashboard asks whether
// unsaved changes may be left (navigation-guard.ts).
const history = createGuardedHistory();
const container = document.getElementById('root') as HTMLElement;
const root = (
  <Root state={state} router={(app) => <HistoryRouter history={history}>{app}</HistoryRouter>} />
);
// Hydration as a transition: React works in slices and yields to the browser between them,
// so a tap during hydration is not kept waiting behind one long task. A route the server does
// not render (`prerender: false`) starts here from nothing.
if (container.hasChildNodes()) startTransition(() => void hydrateRoot(container, root));
else createRoot(container).render(root);
