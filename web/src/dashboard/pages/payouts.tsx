import { useState } from 'react';
import type { StaffIdentity } from '../../../../core/auth/principal';
import { hasRole } from '../../../../core/auth/roles';
import type { PayoutLine, PayoutPeriod } from '../../../../core/orders/payouts';
import { apiUrl } from '../../../../core/site/api-url';
import { ApiProblem } from '../../components/ui/api-problem';
import { buttonClass } from '../../components/ui/button';
import { DialogActions, DialogPanel } from '../dialog-panel';
import { Day, Person, When } from '../display/display';
import { formatDay, formatNumber, formatRobux, personName } from '../display/format';
import { useLiveRefresh } from '../live';
import { useStaffMutation, useStaffQuery } from '../query';

/**
 * Paying is recorded, never undone here: a Radix dialog asks first (focus starts on Cancel and
 * returns to the button; Escape closes). The amount sent is the one shown, so a share logged
 * meanwhile is a 409 to read, not a silent overpayment.
 */
function MarkPaid({ line }: { line: PayoutLine }) {
  const [open, setOpen] = useState(false);
  const designer = personName(line.designerName, line.designerDiscordId);
  // Paying changes what the payouts and the overview's figures show.
  const markPaid = useStaffMutation(
    () => ({
      method: 'POST',
      url: '/api/staff/payouts/mark-paid',
      body: {
        designerDiscordId: line.designerDiscordId,
        period: line.period,
        periodStart: line.periodStart,
        expectedAmountRobux: line.unpaidRobux,
      },
    }),
    ['/api/staff/payouts', '/api/staff/overview'],
  );

  return (
    <DialogPanel
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) markPaid.reset();
      }}
      trigger="Mark paid"
      triggerVariant="primary"
      title={`Pay ${designer} ${formatRobux(line.unpaidRobux)}?`}
      description={`For the ${line.period} of ${formatDay(line.periodStart)}. The payout is recorded with your name and cannot be undone here.`}
      size="confirm"
    >
      {markPaid.error && (
        <p role="alert" className="mt-4 rounded-lg border border-red-400 bg-red-950 p-3 text-sm">
          {markPaid.error.message}
        </p>
      )}
      <DialogActions
        className="mt-6 flex justify-end gap-2"
        busy={markPaid.isPending}
        label="Mark paid out"
        onClick={() => markPaid.mutate(undefined, { onSuccess: () => setOpen(false) })}
      />
    </DialogPanel>
  );
}

/** What the studio owes each designer per week or month, from the shares the order log stored. */
export default function PayoutsSection() {
  const [period, setPeriod] = useState<PayoutPeriod>('week');
  const me = useStaffQuery<StaffIdentity>({ path: '/api/staff/me' });
  const state = useStaffQuery<{ items: PayoutLine[] }>({
    path: '/api/staff/payouts',
    params: { period },
  });
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
          <section
            aria-label="Payouts table"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than the screen must be keyboard-scrollable (WCAG 2.1.1)
            tabIndex={0}
            className="overflow-x-auto rounded-xl border border-line"
          >
            <table className="w-full text-left text-sm [&_td]:px-3 [&_td]:py-2 [&_td]:align-top [&_th]:px-3 [&_th]:py-2 [&_th]:whitespace-nowrap">
              <caption className="sr-only">Payouts per designer and {period}</caption>
              <thead className="bg-white/5">
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
                  <tr
                    key={`${line.periodStart}-${line.designerDiscordId}`}
                    className="border-t border-line"
                  >
                    <td>
                      <Day value={line.periodStart} />
                    </td>
                    <td>
                      <Person name={line.designerName} id={line.designerDiscordId} />
                    </td>
                    <td className="text-right">{formatNumber(line.orders)}</td>
                    <td className="text-right">{formatNumber(line.owedRobux)}</td>
                    <td className="text-right">{formatNumber(line.paidRobux)}</td>
                    <td className="text-right">{formatNumber(line.unpaidRobux)}</td>
                    <td>
                      {line.payouts.map((payout) => (
                        <div key={payout.id}>
                          {formatRobux(payout.amountRobux)} on <When value={payout.paidAt} /> by{' '}
                          {payout.paidByName}
                        </div>
                      ))}
                      {executive && line.unpaidRobux > 0 && <MarkPaid line={line} />}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        ))}
    </section>
  );
}
