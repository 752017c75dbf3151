import { useLocation } from 'react-router';
import { signInPath } from '../../../../core/site/routes';
import type { ApiState } from '../../data/use-api';

const ALERT = 'rounded-xl border border-red-400 bg-red-950 p-4';

/**
 * What to show instead of an API answer that is not there: loading, signed out (a way to sign
 * in that comes back here), no access, or the error itself. Nothing once the answer is ready.
 */
export function ApiProblem({
  state,
  loading,
  failed,
}: {
  state: ApiState<unknown>;
  /** e.g. 'Loading posts…' */
  loading: string;
  /** e.g. 'The posts could not be loaded'; the error's message follows. */
  failed: string;
}) {
  const { pathname, search } = useLocation();
  switch (state.status) {
    case 'ready':
      return null;
    case 'loading':
      return <p className="text-muted">{loading}</p>;
    case 'signed-out':
      return (
        <p role="alert" className={ALERT}>
          You are signed out.{' '}
          <a href={signInPath(pathname + search)} className="font-semibold underline">
            Sign in
          </a>{' '}
          to see this.
        </p>
      );
    case 'forbidden':
      return (
        <p role="alert" className={ALERT}>
          You don't have access to this. If you think you should, ask a lead or an executive.
        </p>
      );
    default:
      return (
        <p role="alert" className={ALERT}>
          {failed}: {state.error.message}
        </p>
      );
  }
}
