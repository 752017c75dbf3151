import { Suspense, useEffect } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { SiteLayout } from './layout/site-layout';
import { PAGES } from './pages';
import { matchRoute, NOT_FOUND_ROUTE, ROUTES } from './routes';

function useDocumentHead() {
  const { pathname } = useLocation();
  useEffect(() => {
    const { route, params } = matchRoute(pathname);
    const head = route.head(params);
    document.title = head.title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', head.description);
  }, [pathname]);
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
      </Suspense>
    </SiteLayout>
  );
}
