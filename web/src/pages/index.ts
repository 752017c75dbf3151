import { type ComponentType, lazy } from 'react';
import type { RouteId } from '../../../core/site/routes';

// The page code of every route in core/site/routes.ts, by route id: each page is its own chunk
// (file name = route id, which the server relies on to preload it), so the home page's first
// load carries neither the forms nor the staff pages.
type PageModule = { default: ComponentType };

export const PAGE_LOADERS: Record<RouteId, () => Promise<PageModule>> = {
  home: () => import('./home'),
  terms: () => import('./terms'),
  privacy: () => import('./privacy'),
  portfolio: () => import('./portfolio'),
  blog: () => import('./blog'),
  'blog-post': () => import('./blog-post'),
  contact: () => import('./contact'),
  'ticket-procedure': () => import('./ticket-procedure'),
  'staff-procedure': () => import('./staff-procedure'),
  signin: () => import('./signin'),
  order: () => import('./order'),
  orders: () => import('./orders'),
  'order-ticket': () => import('./order-ticket'),
  dashboard: () => import('./dashboard'),
  'dashboard-section': () => import('./dashboard-section'),
  'dashboard-item': () => import('./dashboard-item'),
  'apply-moderator': () => import('./apply-moderator'),
  'apply-designer': () => import('./apply-designer'),
  'not-found': () => import('./not-found'),
};

export const PAGES = Object.fromEntries(
  Object.entries(PAGE_LOADERS).map(([id, load]) => [id, lazy(load)]),
) as unknown as Record<RouteId, ComponentType>;
