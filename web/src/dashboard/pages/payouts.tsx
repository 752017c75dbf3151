import { useCallback, useMemo, useState } from 'react';
import type { StaffIdentity } from '../../../../core/auth/principal';
import { hasRole } from '../../../../core/auth/roles';
import {
  type PayoutLine,
  type PayoutPeriod,
  payoutStatusOf,
} from '../../../../core/orders/payouts';
import { DialogActions, DialogPanel } from '../dialog-panel';
import { Day, Person, StatusBadge, When } from '../display/display';
import { formatDay, formatNumber, formatRobux, personName } from '../display/format';
import { statusOptions } from '../display/labels';
import { useLiveRefresh } from '../live';
import { useStaffMutation, useStaffQuery } from '../query';
import { DataTable, type RowAction, type TableColumn, type TableFacet } from '../table/data-table';
import { focusRowActions } from '../table/row-actions';
import { useSearchQuery } from '../table/use-search-query';

/**
 * Paying is recorded, never undone here: a Radix dialog, opened from the line's "…" menu, asks
 * first (focus starts on Cancel and returns to the line's "…" button; Escape closes). The
 * amount sent is the one shown, so a share logged meanwhile is a 409 to read, not a silent
 * overpayment. It lives beside the table: a live refresh that redraws the line leaves it open.
 */
function MarkPaidDialog({ line, onClose }: { line: PayoutLine; onClose: () => void }) {
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
      open
      onOpenChange={(next) => !next && onClose()}
      onCloseAutoFocus={focusRowActions(rowKey(line))}
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
        onClick={() => markPaid.mutate(undefined, { onSuccess: onClose })}
      />
    </DialogPanel>
  );
}

/** What was paid out of the line, when and by whom. */
function PaidOutCell({ line }: { line: PayoutLine }) {
  if (line.payouts.length === 0) return <>—</>;
  return (
    <div className="space-y-1">
      {line.payouts.map((payout) => (
        <div key={payout.id}>
          {formatRobux(payout.amountRobux)} on <When value={payout.paidAt} /> by {payout.paidByName}
        </div>
      ))}
    </div>
  );
}

const COLUMNS: TableColumn<PayoutLine>[] = [
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
  },
  {
    id: 'orders',
    header: 'Orders',
    cell: (line) => formatNumber(line.orders),
    sortable: true,
    align: 'right',
  },
  {
    id: 'owed',
    header: 'Owed (R$)',
    cell: (line) => formatNumber(line.owedRobux),
    sortable: true,
    align: 'right',
  },
  {
    id: 'paid',
    header: 'Paid (R$)',
    cell: (line) => formatNumber(line.paidRobux),
    sortable: true,
    align: 'right',
  },
  {
    id: 'unpaid',
    header: 'Unpaid (R$)',
    cell: (line) => formatNumber(line.unpaidRobux),
    sortable: true,
    align: 'right',
  },
  {
    id: 'status',
    header: 'Status',
    cell: (line) => <StatusBadge kind="payout" value={payoutStatusOf(line)} />,
    hiddenByDefault: true,
  },
  { id: 'payouts', header: 'Paid out', cell: (line) => <PaidOutCell line={line} /> },
];

const STATUS: TableFacet = {
  id: 'status',
  label: 'Status',
  options: statusOptions('payout'),
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

/** The period, in the table's toolbar: a week's or a month's lines. */
function PeriodSelect({
  period,
  onChange,
}: {
  period: PayoutPeriod;
  onChange: (period: PayoutPeriod) => void;
}) {
  return (
    <label className="flex items-center gap-2 text-sm">
      Period
      <select
        value={period}
        onChange={(event) => onChange(event.target.value as PayoutPeriod)}
        className="rounded-md border border-line bg-ink px-2 py-1 text-white"
      >
        <option value="week">Week</option>
        <option value="month">Month</option>
      </select>
    </label>
  );
}

/** What the studio owes each designer per week or month, from the shares the order log stored. */
export default function PayoutsSection() {
  const [period, setPeriod] = usePeriod();
  const [paying, setPaying] = useState<PayoutLine | null>(null);
  const me = useStaffQuery<StaffIdentity>({ path: '/api/staff/me' });
  useLiveRefresh(['payout', 'order'], '/api/staff/payouts');
  const executive = me.status === 'ready' && hasRole(me.data, 'executive');
  // Designers see their own lines only: no designer filter for them.
  const seesAll = me.status === 'ready' && hasRole(me.data, 'lead');
  const facets = useMemo(() => (seesAll ? [STATUS, DESIGNER] : [STATUS]), [seesAll]);
  // Executives pay what is owed; the server refuses anyone else.
  const actions = useCallback(
    (line: PayoutLine): RowAction[] =>
      line.unpaidRobux > 0 ? [{ label: 'Mark paid', onSelect: () => setPaying(line) }] : [],
    [],
  );
  return (
    <section aria-labelledby="payouts-title" className="space-y-4">
      <h1 id="payouts-title" className="text-2xl font-bold">
        Payouts
      </h1>
      <DataTable
        tableId="payouts"
        caption={`Payouts per designer and ${period}`}
        endpoint="/api/staff/payouts"
        columns={COLUMNS}
        facets={facets}
        search={SEARCH}
        dateLabel="Dates"
        defaultSort={DEFAULT_SORT}
        rowKey={rowKey}
        actions={executive ? actions : undefined}
        pageParams={PAGE_PARAMS}
        controls={<PeriodSelect period={period} onChange={setPeriod} />}
        exportEndpoint="/api/staff/payouts.csv"
        empty="No logged orders in these periods."
      />
      {paying && <MarkPaidDialog line={paying} onClose={() => setPaying(null)} />}
    </section>
  );
}
