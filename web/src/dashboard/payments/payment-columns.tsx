import {
  describePaymentCheck,
  PAYMENT_CHECKS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  PAYMENT_STATE_LABELS,
  PAYMENT_STATES,
  type PaymentRow,
} from '../../../../core/payments/staff-list';
import { Person, When } from '../display/display';
import { formatRobux } from '../display/format';
import type { TableColumn, TableFacet } from '../table/data-table';
import { timeAgo } from './time-ago';

// The Payments table as data: the columns and the facets the dashboard's DataTable reads, with
// the sorts and facet values of core/payments/staff-list.ts.

const money = (minor: number, currency: string) =>
  new Intl.NumberFormat('en', { style: 'currency', currency }).format(minor / 100);

/** What the customer pays: Robux, the card amount, or both when a card link exists. */
function Amount({ row }: { row: PaymentRow }) {
  const card = row.cardAmount && money(row.cardAmount.minor, row.cardAmount.currency);
  return (
    <span className="whitespace-nowrap">
      {formatRobux(row.amountRobux)}
      {card && <span className="block text-muted">or {card}</span>}
    </span>
  );
}

/** The automatic check's last word and when, in words. */
function Check({ row, now }: { row: PaymentRow; now: Date }) {
  return (
    <span>
      {describePaymentCheck(row)}{' '}
      {row.lastCheckAt && (
        <span className="block text-xs text-muted">
          <time dateTime={row.lastCheckAt}>{timeAgo(new Date(row.lastCheckAt), now)}</time>
        </span>
      )}
    </span>
  );
}

export function paymentColumns(now: Date): TableColumn<PaymentRow>[] {
  return [
    {
      id: 'order',
      header: 'Order',
      cell: (row) => <span className="whitespace-nowrap">{row.orderId}</span>,
    },
    {
      id: 'customer',
      header: 'Customer',
      card: true,
      cell: (row) => (
        <span>
          <Person name={row.customerName} id={row.customerDiscordId} />
          <span className="block text-xs text-muted">Roblox: {row.robloxUsername}</span>
        </span>
      ),
    },
    {
      id: 'method',
      header: 'Method',
      cell: (row) => PAYMENT_METHOD_LABELS[row.method],
      card: true,
    },
    {
      id: 'amount',
      header: 'Amount',
      cell: (row) => <Amount row={row} />,
      sortable: true,
      card: true,
      align: 'right',
    },
    {
      id: 'status',
      header: 'Status',
      cell: (row) => <span className="whitespace-nowrap">{PAYMENT_STATE_LABELS[row.status]}</span>,
      card: true,
    },
    {
      id: 'checked',
      header: 'Automatic check',
      cell: (row) => <Check row={row} now={now} />,
      sortable: true,
      card: true,
    },
    { id: 'paid', header: 'Paid', cell: (row) => <When value={row.paidAt} />, sortable: true },
    {
      id: 'created',
      header: 'Created',
      cell: (row) => <When value={row.createdAt} />,
      sortable: true,
    },
  ];
}

const CHECK_LABELS: Record<(typeof PAYMENT_CHECKS)[number], string> = {
  not_checked: 'Not checked yet',
  not_yet: 'Not bought yet',
  owned: 'Bought',
  private_inventory: 'Inventory private',
  roblox_error: 'Roblox error',
  key_refused: 'Key refused',
  rate_limited: 'Roblox asked to wait',
  escalated: 'Handed to a verifier',
};

/** The list's facets (`status=a,b`), named as the server's query schema names them. */
export const PAYMENT_FACETS: TableFacet[] = [
  {
    id: 'status',
    label: 'Status',
    options: PAYMENT_STATES.map((value) => ({ value, label: PAYMENT_STATE_LABELS[value] })),
  },
  {
    id: 'method',
    label: 'Method',
    options: PAYMENT_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] })),
  },
  {
    id: 'check',
    label: 'Automatic check',
    options: PAYMENT_CHECKS.map((value) => ({ value, label: CHECK_LABELS[value] })),
  },
];
