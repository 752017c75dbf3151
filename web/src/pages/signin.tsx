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

const code = 'rounded bg-white/10 px-1 break-words';

/**
 * How to get a one-time link: from the bot in Discord when it runs, and always from the server
 * itself, which is the only way in on a site running without Discord (a supported setup).
 */
function LinkSignIn({ methods }: { methods: SignInMethods }) {
  return (
    <section aria-labelledby="link-sign-in" className="mt-10 space-y-3 text-muted">
      <h2 id="link-sign-in" className="text-lg font-semibold text-white">
        {methods.discord ? 'Or use a sign-in link' : 'Sign in with a link'}
      </h2>
      {!methods.discord && (
        <p>
          Sign-in with Discord is not set up on this site (it needs{' '}
          <code className={code}>DISCORD_CLIENT_ID</code> and{' '}
          <code className={code}>DISCORD_CLIENT_SECRET</code>; see Staff sign-in in the README). A
          one-time link, valid for 10 minutes, signs you in instead.
        </p>
      )}
      {methods.bot && (
        <p>
          Run <code className={code}>/dashboard</code> in the Lunar Discord server: the bot answers
          with a link only you can see.
        </p>
      )}
      <p>On the server Lunar runs on, in its folder and with its configuration, print one:</p>
      <ul className="list-disc space-y-1 pl-5">
        <li>
          <code className={code}>npm run login-link -- --owner</code> for the owner (no Discord
          account needed; with Docker,{' '}
          <code className={code}>docker compose exec lunar npm run login-link -- --owner</code>);
        </li>
        <li>
          <code className={code}>
            npm run login-link -- --discord-id &lt;id&gt; --role &lt;role&gt;
          </code>{' '}
          for a staff member.
        </li>
      </ul>
    </section>
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
      {methods.data && <LinkSignIn methods={methods.data} />}
    </main>
  );
}
