import { useMemo, useState } from 'react';
import type { StaffIdentity } from '../../../../core/auth/principal';
import { hasRole } from '../../../../core/auth/roles';
import {
  PAYOUT_STATUSES,
  type PayoutLine,
  type PayoutPeriod,
  type PayoutStatus,
  payoutStatusOf,
} from '../../../../core/orders/payouts';
import { apiUrl } from '../../../../core/site/api-url';
import { buttonClass } from '../../components/ui/button';
import { DialogActions, DialogPanel } from '../dialog-panel';
import { Day, Person, When } from '../display/display';
import { formatDay, formatNumber, formatRobux, personName } from '../display/format';
import { useLiveRefresh } from '../live';
import { useStaffMutation, useStaffQuery } from '../query';
import { DataTable, type TableColumn, type TableFacet } from '../table/data-table';
import { useSearchQuery } from '../table/use-search-query';

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

const STATUS_LABELS: Record<PayoutStatus, string> = {
  unpaid: 'Unpaid',
  part_paid: 'Part paid',
  paid: 'Paid',
};

/** What was paid out of the line, by whom, and Mark paid while something is owed. */
function PayoutsCell({ line, executive }: { line: PayoutLine; executive: boolean }) {
  return (
    <div className="space-y-1">
      {line.payouts.map((payout) => (
        <div key={payout.id}>
          {formatRobux(payout.amountRobux)} on <When value={payout.paidAt} /> by {payout.paidByName}
        </div>
      ))}
      {executive && line.unpaidRobux > 0 && <MarkPaid line={line} />}
    </div>
  );
}

function payoutColumns(executive: boolean): TableColumn<PayoutLine>[] {
  return [
    {
      id: 'period',
      header: 'Period',
      cell: (line) => <Day value={line.periodStart} />,
      sortable: true,
    },
    {
      id: 'designer',
      header: 'Designer',
      cell: (line) => <Person name={line.designerName} id={line.designerDiscordId} />,
      sortable: true,
      card: true,
    },
    {
      id: 'orders',
      header: 'Orders',
      cell: (line) => formatNumber(line.orders),
      sortable: true,
      align: 'right',
      card: true,
    },
    {
      id: 'owed',
      header: 'Owed (R$)',
      cell: (line) => formatNumber(line.owedRobux),
      sortable: true,
      align: 'right',
      card: true,
    },
    {
      id: 'paid',
      header: 'Paid (R$)',
      cell: (line) => formatNumber(line.paidRobux),
      align: 'right',
      card: true,
    },
    {
      id: 'unpaid',
      header: 'Unpaid (R$)',
      cell: (line) => formatNumber(line.unpaidRobux),
      sortable: true,
      align: 'right',
      card: true,
    },
    {
      id: 'status',
      header: 'Status',
      cell: (line) => (
        <span className="whitespace-nowrap">{STATUS_LABELS[payoutStatusOf(line)]}</span>
      ),
      hiddenByDefault: true,
    },
    {
      id: 'payouts',
      header: 'Payouts',
      cell: (line) => <PayoutsCell line={line} executive={executive} />,
      card: true,
    },
  ];
}

const STATUS: TableFacet = {
  id: 'status',
  label: 'Status',
  options: PAYOUT_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] })),
};
/** Named by the server (core/shared/list-page.ts FacetCount.label). */
const DESIGNER: TableFacet = { id: 'designer', label: 'Designer' };
const PAGE_PARAMS = ['period'] as const;
const SEARCH = { label: 'Search payouts', placeholder: 'Designer name or id' };
const DEFAULT_SORT = { id: 'period', order: 'desc' } as const;
const rowKey = (line: PayoutLine) => `${line.periodStart}-${line.designerDiscordId}`;

/** The period, kept in the URL beside the table's query; a new one shows the first page. */
function usePeriod(): [PayoutPeriod, (period: PayoutPeriod) => void] {
  const [search, setSearch] = useSearchQuery();
  const period: PayoutPeriod = search.get('period') === 'month' ? 'month' : 'week';
  const setPeriod = (next: PayoutPeriod) => {
    const written = new URLSearchParams(search);
    written.delete('page');
    if (next === 'week') written.delete('period');
    else written.set('period', next);
    setSearch(written);
  };
  return [period, setPeriod];
}

/** What the studio owes each designer per week or month, from the shares the order log stored. */
export default function PayoutsSection() {
  const [period, setPeriod] = usePeriod();
  const me = useStaffQuery<StaffIdentity>({ path: '/api/staff/me' });
  useLiveRefresh(['payout', 'order'], '/api/staff/payouts');
  const executive = me.status === 'ready' && hasRole(me.data, 'executive');
  // Designers see their own lines only: no designer filter for them.
  const seesAll = me.status === 'ready' && hasRole(me.data, 'lead');
  const columns = useMemo(() => payoutColumns(executive), [executive]);
  const facets = useMemo(() => (seesAll ? [STATUS, DESIGNER] : [STATUS]), [seesAll]);
  return (
    <section aria-labelledby="payouts-title" className="space-y-4">
      <h1 id="payouts-title" className="text-2xl font-bold">
        Payouts
      </h1>
      <div className="flex flex-wrap items-end gap-4">
        <label className="flex flex-col text-sm">
          Period
          <select
            value={period}
            onChange={(event) => setPeriod(event.target.value as PayoutPeriod)}
            className="rounded-md border border-line bg-ink px-2 py-1 text-white"
          >
            <option value="week">Week</option>
            <option value="month">Month</option>
          </select>
        </label>
        <a
          className={buttonClass('secondary', 'sm')}
          href={apiUrl({ path: '/api/staff/payouts.csv', params: { period } })}
          download
        >
          Export CSV
        </a>
      </div>
      <DataTable
        tableId="payouts"
        caption={`Payouts per designer and ${period}`}
        endpoint="/api/staff/payouts"
        columns={columns}
        facets={facets}
        search={SEARCH}
        dateLabel="Dates"
        defaultSort={DEFAULT_SORT}
        rowKey={rowKey}
        pageParams={PAGE_PARAMS}
        empty="No logged orders in these periods."
      />
    </section>
  );
}
