import { hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { PAGE_LOADERS } from './pages';
import { type InitialState, Root } from './root';
import { matchRoute } from './routes';
import './styles.css';

const stateElement = document.getElementById('lunar-state');
const state = JSON.parse(stateElement?.textContent ?? '{}') as InitialState;

// Load the current page's chunk before hydrating so the prerendered markup is reused as is.
await PAGE_LOADERS[matchRoute(window.location.pathname).route.id]();

hydrateRoot(
  document.getElementById('root') as HTMLElement,
  <Root state={state} router={(app) => <BrowserRouter>{app}</BrowserRouter>} />,
);
