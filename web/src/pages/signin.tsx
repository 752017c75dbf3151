import { useLocation } from 'react-router';
import {
  SIGN_IN_ERRORS,
  type SignInMethods,
  type SignInStatus,
  safeNextPath,
} from '../../../core/auth/sign-in';
import { buttonClass } from '../components/ui/button';
import { useApi } from '../data/use-api';

// Staff sign-in (DESIGN.md decision 7). The server sends signed-out staff here with `?next=`
// (where to come back to) and, after a failed attempt, `?error=` (a SIGN_IN_ERRORS code).

function isSignInError(code: string | null): code is keyof typeof SIGN_IN_ERRORS {
  return code !== null && Object.hasOwn(SIGN_IN_ERRORS, code);
}

function NoStaffRole() {
  return (
    <>
      <h1 className="text-3xl font-bold tracking-tight">You have no staff role</h1>
      <p role="alert" className="mt-4 text-muted">
        {SIGN_IN_ERRORS.not_staff}
      </p>
      <p className="mt-4 text-muted">
        Signed in with the wrong Discord account? Sign out of Discord in this browser and try again.
      </p>
    </>
  );
}

export default function SignInPage() {
  const query = new URLSearchParams(useLocation().search);
  const next = safeNextPath(query.get('next'));
  const error = query.get('error');
  const methods = useApi<SignInMethods>('/api/auth/methods');
  const session = useApi<SignInStatus>('/api/auth/session');

  if (error === 'not_staff') {
    return (
      <main className="mx-auto max-w-xl px-4 pt-28 pb-16">
        <NoStaffRole />
      </main>
    );
  }

  return (
    <main className="mx-auto max-w-xl px-4 pt-28 pb-16">
      <p className="text-sm font-semibold tracking-widest text-lavender uppercase">Staff</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">Sign in to the dashboard</h1>
      {isSignInError(error) && (
        <p role="alert" className="mt-6 rounded-xl border border-red-400 bg-red-950 p-4">
          {SIGN_IN_ERRORS[error]}
        </p>
      )}
      {session.data?.signedIn && (
        <p className="mt-6 rounded-xl border border-line bg-panel/60 p-4">
          You are signed in as <strong>{session.data.username}</strong>.{' '}
          <a href={next} className="font-semibold text-lavender underline">
            Continue
          </a>
        </p>
      )}
      {methods.status === 'loading' && <p className="mt-6 text-muted">Loading sign-in options…</p>}
      {methods.status === 'error' && (
        <p role="alert" className="mt-6 text-red-300">
          Sign-in options could not be loaded: {methods.error.message}
        </p>
      )}
      {methods.data?.discord && (
        <a
          href={`/auth/discord?next=${encodeURIComponent(next)}`}
          className={`${buttonClass('primary')} mt-8`}
        >
          Sign in with Discord
        </a>
      )}
      {methods.data && (
        <section aria-labelledby="link-sign-in" className="mt-10">
          <h2 id="link-sign-in" className="text-lg font-semibold">
            {methods.data.discord ? 'Or use a sign-in link' : 'Sign in with a link'}
          </h2>
          <p className="mt-2 text-muted">
            Run <code className="rounded bg-white/10 px-1">/dashboard</code> in the Lunar Discord
            server: the bot answers with a link only you can see, valid for 10 minutes and usable
            once. On the server itself, an operator can print one with{' '}
            <code className="rounded bg-white/10 px-1">
              npm run login-link -- --discord-id &lt;id&gt; --role &lt;role&gt;
            </code>
            .
          </p>
        </section>
      )}
    </main>
  );
}
