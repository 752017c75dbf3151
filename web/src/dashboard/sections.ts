import type { ComponentType } from 'react';
import { hasRole, type StaffRole } from '../../../core/auth/roles';

// The dashboard's sections, in nav order: one line each. A section's page is its own chunk
// inside the dashboard bundle (web/src/dashboard/pages/<id>.tsx), shown at /dashboard/<id>
// (the overview at /dashboard) and, with an item id, at /dashboard/<id>/<itemId>.

export type SectionPageProps = {
  /** The `:id` of /dashboard/<section>/:id, when a single item is open. */
  itemId?: string;
};

export type DashboardSection = {
  id: string;
  label: string;
  /** Who sees the section: any of these roles, or a role that includes one (hasRole). */
  roles: readonly [StaffRole, ...StaffRole[]];
  load: () => Promise<{ default: ComponentType<SectionPageProps> }>;
};

export const OVERVIEW_SECTION_ID = 'overview';

export const SECTIONS: readonly DashboardSection[] = [
  { id: 'overview', label: 'Overview', roles: ['staff'], load: () => import('./pages/overview') },
  {
    id: 'applications',
    label: 'Applications',
    roles: ['lead'],
    load: () => import('./pages/applications'),
  },
  { id: 'orders', label: 'Orders', roles: ['designer'], load: () => import('./pages/orders') },
  { id: 'tickets', label: 'Tickets', roles: ['designer'], load: () => import('./pages/tickets') },
  {
    id: 'payouts',
    label: 'Payouts',
    roles: ['designer'],
    load: () => import('./pages/payouts'),
  },
  {
    id: 'payments',
    label: 'Payments',
    roles: ['payment_verifier'],
    load: () => import('./pages/payments'),
  },
  { id: 'reviews', label: 'Reviews', roles: ['staff'], load: () => import('./pages/reviews') },
  {
    id: 'messages',
    label: 'Messages',
    roles: ['lead'],
    load: () => import('./pages/messages'),
  },
  { id: 'blog', label: 'Blog', roles: ['lead'], load: () => import('./pages/blog') },
  {
    id: 'content',
    label: 'Site content',
    roles: ['executive'],
    load: () => import('./pages/content'),
  },
];

export function sectionPath(section: Pick<DashboardSection, 'id'>, itemId?: string): string {
  if (section.id === OVERVIEW_SECTION_ID) return '/dashboard';
  const base = `/dashboard/${section.id}`;
  return itemId === undefined ? base : `${base}/${encodeURIComponent(itemId)}`;
}

export function visibleSections(member: { roles: readonly StaffRole[] }): DashboardSection[] {
  return SECTIONS.filter((section) => section.roles.some((role) => hasRole(member, role)));
}
