import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import type { RouteMatch } from '../../core/site/route-paths';
import { NOT_FOUND_ROUTE, ROUTES, type RouteLayout } from '../../core/site/routes';
import { PageOutlet } from './layout/page-outlet';
import { SiteLayout } from './layout/site-layout';
import { PAGE_LOADERS, PAGES } from './pages';

// The router's routes, derived from the one route table: one layout route per layout, each
// page a child of its layout. The public layout ships with the entry; the staff layout is its
// own chunk, loaded only on staff pages.

const loadStaffLayout = () => import('./layout/staff-layout');
const StaffLayout = lazy(loadStaffLayout);

const LAYOUTS: Record<
  RouteLayout,
  { Frame: ComponentType<{ children: ReactNode }>; load?: () => Promise<unknown> }
> = {
  public: { Frame: SiteLayout },
  staff: { Frame: StaffLayout, load: loadStaffLayout },
};

const ALL_ROUTES = [...ROUTES, NOT_FOUND_ROUTE];

export const ROUTE_OBJECTS: RouteObject[] = (Object.keys(LAYOUTS) as RouteLayout[]).map(
  (layout) => {
    const { Frame } = LAYOUTS[layout];
    return {
      id: `layout-${layout}`,
      element: (
        <Suspense fallback={<div className="min-h-screen" aria-busy="true" />}>
          <Frame>
            <PageOutlet />
          </Frame>
        </Suspense>
      ),
      children: ALL_ROUTES.filter((route) => route.layout === layout).map((route) => {
        const Page = PAGES[route.id];
        return { id: route.id, path: route.path, element: <Page /> };
      }),
    };
  },
);

/** The table's route for a URL, as the router matches it (the server matches the same way). */
export function matchPage(pathname: string): RouteMatch {
  const leaf = matchRoutes(ROUTE_OBJECTS, pathname)?.at(-1);
  const route = ALL_ROUTES.find((candidate) => candidate.id === leaf?.route.id);
  if (!leaf || !route || route === NOT_FOUND_ROUTE) return { route: NOT_FOUND_ROUTE, params: {} };
  return { route, params: leaf.params as Record<string, string> };
}

/** Loads the code a URL's page needs (its layout and page chunks), e.g. before hydrating. */
export async function preloadRoute(pathname: string): Promise<void> {
  const { route } = matchPage(pathname);
  await Promise.all([LAYOUTS[route.layout].load?.(), PAGE_LOADERS[route.id]()]);
}
