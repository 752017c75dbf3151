import { buttonClass } from '../components/ui/button';

/** Loaded only for visitors without the consent cookie (see useCookieConsent). */
export default function CookieBanner({ onAccept }: { onAccept: () => void }) {
  return (
    <section
      aria-label="Cookie notice"
      className="fixed inset-x-4 bottom-4 z-50 mx-auto flex max-w-3xl flex-col gap-3 rounded-xl border border-line bg-panel p-4 shadow-2xl sm:flex-row sm:items-center"
    >
      <p className="text-sm text-muted">
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
