import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, type DataRouter, RouterProvider } from 'react-router';
import { preloadRoute } from './app-routes';
import { type InitialState, Root } from './root';

// Imported by entry-client.tsx once the prerendered page has been painted.

const stateElement = document.getElementById('lunar-state');
const state = JSON.parse(stateElement?.textContent ?? '{}') as InitialState;

// Load the current page's chunks before hydrating so the prerendered markup is reused as is.
await preloadRoute(window.location.pathname);

// A data router (one splat route around the app's own `useRoutes`): the same pages as a
// BrowserRouter, and what useBlocker needs (the dashboard asks before unsaved changes are
// left). Made once: a second router would listen to the history too.
let router: DataRouter | undefined;
const container = document.getElementById('root') as HTMLElement;
const root = (
  <Root
    state={state}
    router={(app) => {
      router ??= createBrowserRouter([{ path: '*', element: app }]);
      return <RouterProvider router={router} />;
    }}
  />
);
// Hydration as a transition: React works in slices and yields to the browser between them,
// so a tap during hydration is not kept waiting behind one long task. A route the server does
// not render (`prerender: false`) starts here from nothing.
if (container.hasChildNodes()) startTransition(() => void hydrateRoot(container, root));
else createRoot(container).render(root);
