import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import {
  CUSTOMER_SIGN_IN_ERRORS,
  type CustomerSession,
  customerSignInHref,
  isCustomerSignInError,
} from '../../../../core/auth/customer';
import { useSiteSettings } from '../../data/site-settings';
import { useApi } from '../../data/use-api';
import { Icon } from '../icon';
import { buttonClass } from '../ui/button';

export const CUSTOMER_SESSION_URL = '/api/customer/session';

/** `?signin=` after a failed "Continue with Discord", said in words. */
export function SignInProblem() {
  const code = new URLSearchParams(useLocation().search).get('signin');
  if (!isCustomerSignInError(code)) return null;
  return (
    <p role="alert" className="mt-6 rounded-xl border border-red-400 bg-red-950 p-4">
      {CUSTOMER_SIGN_IN_ERRORS[code]}
    </p>
  );
}

/**
 * The customer's pages show `children(session)` once this browser is signed in as a customer,
 * and "Continue with Discord" (which comes back to this page) until then.
 */
export function CustomerGate({
  why,
  children,
}: {
  /** What signing in is for, e.g. "to order Banners". */
  why: string;
  children: (customer: Extract<CustomerSession, { signedIn: true }>) => ReactNode;
}) {
  const { pathname } = useLocation();
  const { discordInviteUrl } = useSiteSettings();
  const session = useApi<CustomerSession>(CUSTOMER_SESSION_URL);
  if (session.status === 'loading') {
    return (
      <p className="mt-8 text-muted" aria-busy="true">
        Checking your sign-in…
      </p>
    );
  }
  if (session.status !== 'ready') {
    return (
      <p role="alert" className="mt-8 rounded-xl border border-red-400 bg-red-950 p-4">
        Your sign-in could not be checked: {session.error.message}
      </p>
    );
  }
  if (session.data.signedIn) return <>{children(session.data)}</>;
  if (!session.data.available) {
    return (
      <div className="mt-8 rounded-2xl border border-line bg-panel p-6">
        <p>{CUSTOMER_SIGN_IN_ERRORS.oauth_off}</p>
        <a
          href={discordInviteUrl}
          target="_blank"
          rel="noopener noreferrer"
          className={`${buttonClass('primary')} mt-4`}
        >
          Join our Discord <span className="sr-only">(opens in a new tab)</span>
        </a>
      </div>
    );
  }
  return (
    <div className="mt-8 rounded-2xl border border-line bg-panel p-6">
      <p>
        Sign in with your Discord account {why}. Your ticket opens in our Discord server, and we add
        you to it if you are not a member yet.
      </p>
      <a
        href={customerSignInHref(pathname)}
        className={`${buttonClass('primary')} mt-5 w-full sm:w-auto`}
      >
        <Icon name="discord" className="size-5" />
        Continue with Discord
      </a>
    </div>
  );
}
