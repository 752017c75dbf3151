import { Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { useDocumentHead, useFocusPageOnNavigate } from './layout/document-head';
import { HydrationMark } from './layout/hydration-mark';
import { SiteLayout } from './layout/site-layout';
import { PAGES } from './pages';
import { NOT_FOUND_ROUTE, ROUTES } from './routes';

// Inside the page's Suspense boundary, so its effect runs once the new page is on screen.
function FocusPageOnNavigate() {
  useFocusPageOnNavigate();
  return null;
}

export function App() {
  useDocumentHead();
  const NotFound = PAGES[NOT_FOUND_ROUTE.id];
  return (
    <SiteLayout>
      <Suspense fallback={<div className="min-h-screen" aria-busy="true" />}>
        <Routes>
          {ROUTES.map((route) => {
            const Page = PAGES[route.id];
            return <Route key={route.id} path={route.path} element={<Page />} />;
          })}
          <Route path="*" element={<NotFound />} />
        </Routes>
        <FocusPageOnNavigate />
        <HydrationMark part="page" />
      </Suspense>
    </SiteLayout>
  );
}
