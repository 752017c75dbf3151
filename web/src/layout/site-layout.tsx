import { lazy, memo, type ReactNode, Suspense } from 'react';
import { useCookieConsent } from './cookie-consent';
import { Navbar } from './navbar';

// Below the fold or shown only to some visitors: their code loads after the first paint
// (the prerendered footer stays in place until its chunk hydrates it).
const Footer = lazy(() => import('./footer'));
const CookieBanner = lazy(() => import('./cookie-banner'));

// Memoised: the cookie check re-renders the layout right after hydration, before the footer's
// chunk has arrived, and a still-dehydrated boundary that receives new props is thrown away and
// rendered again on the client (the prerendered footer would vanish, then reappear).
const DeferredFooter = memo(function DeferredFooter() {
  return (
    <Suspense fallback={null}>
      <Footer />
    </Suspense>
  );
});

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
      <DeferredFooter />
      {bannerNeeded && (
        <Suspense fallback={null}>
          <CookieBanner onAccept={acceptCookies} />
        </Suspense>
      )}
    </>
  );
}
