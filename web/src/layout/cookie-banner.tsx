import { buttonClass } from '../components/ui/button';

/** Loaded only for visitors without the consent cookie (see useCookieConsent). */
export default function CookieBanner({ onAccept }: { onAccept: () => void }) {
  return (
    // z-30: under the header (an open phone menu must cover it, not the reverse) and dialogs.
    <section
      aria-label="Cookie notice"
      className="fixed inset-x-3 bottom-3 z-30 mx-auto flex max-w-3xl items-center gap-3 rounded-xl border border-line bg-panel p-3 shadow-2xl sm:p-4"
    >
      <p className="text-xs text-muted sm:text-sm">
        We use cookies to remember your choices and keep the site working. By using Lunar you agree
        to our use of cookies.
      </p>
      <button
        type="button"
        onClick={onAccept}
        className={`${buttonClass('primary', 'sm')} shrink-0`}
      >
        Accept
      </button>
    </section>
  );
}
