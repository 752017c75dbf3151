import { Link } from 'react-router';
import type { WaitingItem } from '../../../../core/staff/waiting-work';
import { ApiProblem } from '../../components/ui/api-problem';
import { formatNumber } from '../display/format';
import { useLiveRefresh } from '../live';
import { useStaffQuery } from '../query';

// The Overview's first panel: what waits for the signed-in member, per role (which counts and
// whose: core/staff/waiting-work.ts), each count a link to the list filtered to those rows.

const WAITING = '/api/staff/overview/waiting';

export function WaitingForYou() {
  const waiting = useStaffQuery<{ items: WaitingItem[] }>(WAITING);
  useLiveRefresh(['application', 'message', 'order', 'payout', 'ticket'], WAITING);
  return (
    <section
      aria-labelledby="waiting-title"
      className="rounded-xl border border-lavender/40 bg-panel/40 p-4"
    >
      <h2 id="waiting-title" className="font-semibold">
        Waiting for you
      </h2>
      <ApiProblem
        state={waiting}
        loading="Loading what waits for you…"
        failed="What waits for you could not be loaded"
      />
      {waiting.status === 'ready' &&
        (waiting.data.items.length === 0 ? (
          <p className="mt-2 text-sm text-muted">Nothing for your role here.</p>
        ) : (
          <ul className="mt-3 grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
            {waiting.data.items.map((item) => (
              <li key={item.id}>
                <Link
                  to={item.href}
                  className="block h-full rounded-lg border border-line p-3 hover:border-lavender hover:bg-white/5"
                >
                  <span className="block text-sm text-muted">{item.label}</span>
                  <span className="block text-2xl font-bold">
                    {formatNumber(item.count)}
                    {item.unit && <span className="text-base">{` ${item.unit}`}</span>}
                  </span>
                  {item.detail && (
                    <span className="mt-1 block text-xs text-muted">{item.detail}</span>
                  )}
                </Link>
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}
