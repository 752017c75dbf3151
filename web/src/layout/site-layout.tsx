import type { ReactNode } from 'react';
import { Link } from 'react-router';

// Placeholder frame until the public-site issue brings the full navbar and footer.
export function SiteLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <a
        href="#content"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-ink"
      >
        Skip to content
      </a>
      <header className="fixed inset-x-0 top-0 z-40 border-b border-line bg-ink/90">
        <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center px-4">
          <Link to="/" className="text-xl font-bold">
            Lunar
          </Link>
        </nav>
      </header>
      <div id="content">{children}</div>
    </>
  );
}
