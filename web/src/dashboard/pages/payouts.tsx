import { useState } from 'react';
import type { StaffIdentity } from '../../../../core/auth/principal';
import { hasRole } from '../../../../core/auth/roles';
import type { PayoutLine, PayoutPeriod } from '../../../../core/orders/payouts';
import { apiUrl } from '../../../../core/site/api-url';
import { ApiProblem } from '../../components/ui/api-problem';
import { buttonClass } from '../../components/ui/button';
import { sendJson } from '../../data/post-json';
import { useApi, useInvalidate } from '../../data/use-api';
import { useLiveRefresh } from '../live';

function MarkPaid({ line }: { line: PayoutLine }) {
  const invalidate = useInvalidate();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <>
      <button
        type="button"
        disabled={busy}
        className={buttonClass('primary')}
        onClick={async () => {
          const sure = window.confirm(
            `Pay ${line.designerName ?? line.designerDiscordId} ${line.unpaidRobux} R$ for the ${line.period} of ${line.periodStart}?`,
          );
          if (!sure) return;
          setBusy(true);
          const result = await sendJson('POST', '/api/staff/payouts/mark-paid', {
            designerDiscordId: line.designerDiscordId,
            period: line.period,
            periodStart: line.periodStart,
            expectedAmountRobux: line.unpaidRobux,
          });
          setBusy(false);
          if (result.ok) await invalidate('/api/staff/payouts');
          else setProblem(result.message);
        }}
      >
        Mark paid
      </button>
      {problem && (
        <p role="alert" className="text-red-300">
          {problem}
        </p>
      )}
    </>
  );
}

/** What the studio owes each designer per week or month, from the shares the order log stored. */
export default function PayoutsSection() {
  const [period, setPeriod] = useState<PayoutPeriod>('week');
  const me = useApi<StaffIdentity>({ path: '/api/staff/me' });
  const state = useApi<{ items: PayoutLine[] }>({ path: '/api/staff/payouts', params: { period } });
  useLiveRefresh(['payout', 'order'], '/api/staff/payouts');
  const executive = me.status === 'ready' && hasRole(me.data, 'executive');
  return (
    <section aria-labelledby="payouts-title" className="space-y-4">
      <h1 id="payouts-title" className="text-2xl font-bold">
        Payouts
      </h1>
      <div className="flex flex-wrap items-end gap-4">
        <label className="flex flex-col">
          Period
          <select
            value={period}
            onChange={(event) => setPeriod(event.target.value as PayoutPeriod)}
          >
            <option value="week">Week</option>
            <option value="month">Month</option>
          </select>
        </label>
        <a
          className={buttonClass('secondary')}
          href={apiUrl({ path: '/api/staff/payouts.csv', params: { period } })}
          download
        >
          Export CSV
        </a>
      </div>
      <ApiProblem
        state={state}
        loading="Loading payouts…"
        failed="The payouts could not be loaded"
      />
      {state.status === 'ready' &&
        (state.data.items.length === 0 ? (
          <p>No logged orders in these periods.</p>
        ) : (
          <table className="w-full text-left">
            <caption className="sr-only">Payouts per designer and {period}</caption>
            <thead>
              <tr>
                <th scope="col">Period</th>
                <th scope="col">Designer</th>
                <th scope="col" className="text-right">
                  Orders
                </th>
                <th scope="col" className="text-right">
                  Owed (R$)
                </th>
                <th scope="col" className="text-right">
                  Paid (R$)
                </th>
                <th scope="col" className="text-right">
                  Unpaid (R$)
                </th>
                <th scope="col">Payouts</th>
              </tr>
            </thead>
            <tbody>
              {state.data.items.map((line) => (
                <tr key={`${line.periodStart}-${line.designerDiscordId}`}>
                  <td>{line.periodStart}</td>
                  <td>{line.designerName ?? line.designerDiscordId}</td>
                  <td className="text-right">{line.orders}</td>
                  <td className="text-right">{line.owedRobux}</td>
                  <td className="text-right">{line.paidRobux}</td>
                  <td className="text-right">{line.unpaidRobux}</td>
                  <td>
                    {line.payouts.map((payout) => (
                      <div key={payout.id}>
                        {payout.amountRobux} R$ on {new Date(payout.paidAt).toLocaleDateString()} by{' '}
                        {payout.paidByName}
                      </div>
                    ))}
                    {executive && line.unpaidRobux > 0 && <MarkPaid line={line} />}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
    </section>
  );
}
