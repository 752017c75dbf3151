import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { ROUTES } from '../../../core/site/routes';
import { SignOutButton } from './sign-out-button';

// The staff app's frame: its own chunk, header and navigation; no public footer or cookie
// banner. The dashboard's pages plug into it through the route table (layout: 'staff').

const STAFF_NAV = ROUTES.filter((route) => route.layout === 'staff' && route.nav);

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-2 py-1.5 text-sm font-medium sm:px-3 ${
    isActive ? 'bg-white/10 text-white' : 'text-muted hover:text-white'
  }`;

export default function StaffLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <a
        href="#content"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-ink"
      >
        Skip to content
      </a>
      {/* On a phone the links wrap onto several rows: a fixed header that tall would cover the
          page's top, so there it scrolls away with the page instead. */}
      <header className="relative inset-x-0 top-0 z-40 border-b border-line bg-ink sm:fixed">
        <nav
          aria-label="Staff"
          className="mx-auto flex min-h-16 max-w-6xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-2"
        >
          <Link to="/" className="mr-auto flex items-center gap-2 text-xl font-bold">
            <span
              aria-hidden="true"
              className="size-7 rounded-full bg-gradient-to-br from-lavender-strong to-lavender/30 shadow-[inset_-6px_-4px_0_rgba(11,10,18,.55)]"
            />
            Lunar
            <span className="rounded-md border border-lavender/40 px-1.5 py-0.5 text-xs font-semibold text-lavender">
              Staff
            </span>
          </Link>
          <ul className="flex flex-wrap gap-1">
            {STAFF_NAV.map((route) => (
              <li key={route.id}>
                <NavLink to={route.path} className={linkClass}>
                  {route.nav}
                </NavLink>
              </li>
            ))}
          </ul>
          <SignOutButton />
        </nav>
      </header>
      {/* Pages pad their top for a 4rem fixed header; in the flow on a phone, it is not over them. */}
      <div id="content" className="max-sm:-mt-16">
        {children}
      </div>
    </>
  );
}
