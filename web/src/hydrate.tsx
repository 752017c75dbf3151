import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { preloadRoute } from './app-routes';
import { type InitialState, Root } from './root';

// Imported by entry-client.tsx once the prerendered page has been painted.

const stateElement = document.getElementById('lunar-state');
const state = JSON.parse(stateElement?.textContent ?? '{}') as InitialState;

// Load the current page's chunks before hydrating so the prerendered markup is reused as is.
await preloadRoute(window.location.pathname);

const container = document.getElementById('root') as HTMLElement;
const root = <Root state={state} router={(app) => <BrowserRouter>{app}</BrowserRouter>} />;
// Hydration as a transition: React works in slices and yields to the browser between them,
// so a tap during hydration is not kept waiting behind one long task. A route the server does
// not render (`prerender: false`) starts here from nothing.
if (container.hasChildNodes()) startTransition(() => void hydrateRoot(container, root));
else createRoot(container).render(root);
