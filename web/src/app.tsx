import { useRoutes } from 'react-router';
import { ROUTE_OBJECTS } from './app-routes';
import { useDocumentHead } from './layout/document-head';

export function App() {
  useDocumentHead();
  return useRoutes(ROUTE_OBJECTS);
}
