import { lazy, type ReactNode, Suspense } from 'react';
import { useCookieConsent } from './cookie-consent';
import { Navbar } from './navbar';

// The public site's frame. Below the fold or shown only to some visitors: the footer's and the
// banner's code loads after the first paint (the prerendered footer stays in place until its
// chunk hydrates it).
const Footer = lazy(() => import('./footer'));
const CookieBanner = lazy(() => import('./cookie-banner'));

// One element for every render: while the footer's chunk loads, its server HTML waits to be
// hydrated, and React would drop that HTML (the footer vanishing for a moment) if the
// boundary were handed new props, as each render of the layout would otherwise do.
const footer = (
  <Suspense fallback={null}>
    <Footer />
  </Suspense>
);

export function SiteLayout({ children }: { children: ReactNode }) {
  const [bannerNeeded, acceptCookies] = useCookieConsent();
  return (
    <>
      <a
        href="#content"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-ink"
      >
        Skip to content
      </a>
      <Navbar />
      <div id="content">{children}</div>
      {/* One boundary each: the banner's chunk loading must not swap the footer for nothing. */}
      {footer}
      {bannerNeeded && (
        <Suspense fallback={null}>
          <CookieBanner onAccept={acceptCookies} />
        </Suspense>
      )}
    </>
  );
}
