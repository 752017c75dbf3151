import { useState } from 'react';
import { SIGN_IN_PATH } from '../../../core/site/routes';
import { buttonClass } from '../components/ui/button';
import { sendJson } from '../data/post-json';

/**
 * Ends the session on the server (a same-origin POST: the CSRF check reads its Origin), then
 * goes to the sign-in page. A failure is shown, never swallowed: the session is still live.
 */
export function SignOutButton() {
  const [state, setState] = useState<{ busy: boolean; error?: string }>({ busy: false });
  async function signOut() {
    setState({ busy: true });
    const result = await sendJson('POST', '/api/auth/signout');
    if (result.ok) {
      window.location.assign(SIGN_IN_PATH);
      return;
    }
    setState({ busy: false, error: `Sign-out failed: ${result.message}` });
  }
  return (
    <>
      <button
        type="button"
        onClick={signOut}
        disabled={state.busy}
        className={buttonClass('secondary', 'sm')}
      >
        {state.busy ? 'Signing out…' : 'Sign out'}
      </button>
      {state.error && (
        <p role="alert" className="basis-full text-right text-sm text-red-300">
          {state.error}
        </p>
      )}
    </>
  );
}
