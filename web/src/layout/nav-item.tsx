import { Link } from 'react-router';
import type { NavLink } from '../../../core/site/types';

// Hash links point at home-page sections, so from any other page they lead back to '/'.
function toSiteHref(href: string): string {
  return href.startsWith('#') ? `/${href}` : href;
}

export function NavItem({ link, onNavigate }: { link: NavLink; onNavigate?: () => void }) {
  const className = 'block rounded-md px-3 py-2 text-sm font-medium text-muted hover:text-white';
  if (link.external) {
    return (
      <a
        href={link.href}
        target="_blank"
        rel="noopener noreferrer"
        className={className}
        onClick={onNavigate}
      >
        {link.label}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    );
  }
  return link.href.startsWith('/') ? (
    <Link to={link.href} className={className} onClick={onNavigate}>
      {link.label}
    </Link>
  ) : (
    <a href={toSiteHref(link.href)} className={className} onClick={onNavigate}>
      {link.label}
    </a>
  );
}
