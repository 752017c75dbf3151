import {
  describePaymentCheck,
  PAYMENT_CHECKS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type PaymentRow,
} from '../../../../core/payments/staff-list';
import { Customer, StatusBadge, When } from '../display/display';
import { formatNumber } from '../display/format';
import { statusOptions } from '../display/labels';
import type { TableColumn, TableFacet } from '../table/data-table';
import { timeAgo } from './time-ago';

// The Payments table as data: the columns and the facets the dashboard's DataTable reads, with
// the sorts and facet values of core/payments/staff-list.ts.

const money = (minor: number, currency: string) =>
  new Intl.NumberFormat('en', { style: 'currency', currency }).format(minor / 100);

/** What the customer pays in Robux (the header says R$), and by card when a card link exists. */
function Amount({ row }: { row: PaymentRow }) {
  const card = row.cardAmount && money(row.cardAmount.minor, row.cardAmount.currency);
  return (
    <span className="whitespace-nowrap">
      {formatNumber(row.amountRobux)}
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
      cell: (row) => (
        <Customer
          discordId={row.customerDiscordId}
          name={row.customerName}
          roblox={row.robloxUsername}
        />
      ),
    },
    {
      id: 'method',
      header: 'Method',
      cell: (row) => PAYMENT_METHOD_LABELS[row.method],
    },
    {
      id: 'amount',
      header: 'Amount (R$)',
      cell: (row) => <Amount row={row} />,
      sortable: true,
      align: 'right',
    },
    {
      id: 'status',
      header: 'Status',
      cell: (row) => <StatusBadge kind="payment" value={row.status} />,
    },
    {
      id: 'checked',
      header: 'Automatic check',
      cell: (row) => <Check row={row} now={now} />,
      sortable: true,
    },
    // Shown from the View menu: the page opens on what awaits payment, where it is always "—",
    // and the table then fits 1280 px with its "…" column.
    {
      id: 'paid',
      header: 'Paid',
      cell: (row) => <When value={row.paidAt} />,
      sortable: true,
      hiddenByDefault: true,
    },
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
    options: statusOptions('payment'),
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
