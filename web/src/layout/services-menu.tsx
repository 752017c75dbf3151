import type { NavLink } from '../../../core/site/types';
import { NavMenu } from './nav-menu';

/** The Services dropdown: every service card, after a link to the whole section. */
export function ServicesMenu({ link }: { link: NavLink }) {
  return (
    <NavMenu
      label={link.label}
      items={[{ label: 'All services', href: link.href }, ...(link.children ?? [])]}
      buttonClassName="flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-muted hover:text-white"
    />
  );
}
