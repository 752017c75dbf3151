import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { preloadRoute } from './app-routes';
import { type InitialState, Root } from './root';
import './styles.css';

const stateElement = document.getElementById('lunar-state');
const state = JSON.parse(stateElement?.textContent ?? '{}') as InitialState;

// Load the current page's chunks before hydrating so the prerendered markup is reused as is.
await preloadRoute(window.location.pathname);

const container = document.getElementById('root') as HTMLElement;
const root = <Root state={state} router={(app) => <BrowserRouter>{app}</BrowserRouter>} />;
// A route the server does not render (`prerender: false`) starts here from nothing.
if (container.hasChildNodes()) hydrateRoot(container, root);
else createRoot(container).render(root);
