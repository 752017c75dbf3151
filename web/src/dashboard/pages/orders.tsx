import { useMemo } from 'react';
import type { StaffIdentity } from '../../../../core/auth/principal';
import { hasRole } from '../../../../core/auth/roles';
import type { OrderSummary } from '../../../../core/orders/staff-list';
import { Customer, Person, StatusBadge, When } from '../display/display';
import { formatNumber } from '../display/format';
import { statusOptions } from '../display/labels';
import { useLiveRefresh } from '../live';
import { useStaffQuery } from '../query';
import type { SectionPageProps } from '../sections';
import { DataTable, type TableColumn, type TableFacet } from '../table/data-table';
import OrderDetail from './order-detail';

const COLUMNS: TableColumn<OrderSummary>[] = [
  {
    id: 'id',
    header: 'Order',
    cell: (row) => <span className="whitespace-nowrap">{row.id}</span>,
    sortable: true,
  },
  {
    id: 'status',
    header: 'Status',
    cell: (row) => <StatusBadge kind="order" value={row.status} />,
    sortable: true,
  },
  {
    id: 'designer',
    header: 'Designer',
    cell: (row) => <Person name={row.designerName} id={row.designerDiscordId} />,
  },
  {
    id: 'customer',
    header: 'Customer',
    cell: (row) => (
      <Customer
        discordId={row.customerDiscordId}
        name={row.customerName}
        roblox={row.customerRobloxUsername}
      />
    ),
    sortable: true,
  },
  {
    id: 'price',
    header: 'Price (R$)',
    cell: (row) => formatNumber(row.priceRobux),
    sortable: true,
    align: 'right',
  },
  { id: 'qc', header: 'QC', cell: (row) => <StatusBadge kind="qc" value={row.qc} /> },
  // Shown from the View menu: the Paid filter answers "which are paid" without it.
  { id: 'paid', header: 'Paid', cell: (row) => <When value={row.paidAt} />, hiddenByDefault: true },
  {
    id: 'share',
    header: 'Share (R$)',
    cell: (row) => (row.designerShareRobux === null ? '—' : formatNumber(row.designerShareRobux)),
    hiddenByDefault: true,
    align: 'right',
  },
  {
    id: 'created',
    header: 'Created',
    cell: (row) => <When value={row.createdAt} />,
    sortable: true,
  },
];

type Designers = { designers: { discordId: string; name: string }[] };

const STATUS: TableFacet = { id: 'status', label: 'Status', options: statusOptions('order') };
/** Named by the server (the service's label from its tickets; `none`: no ticket). */
const SERVICE: TableFacet = { id: 'service', label: 'Service' };
const QC: TableFacet = { id: 'qc', label: 'QC', options: statusOptions('qc') };
const PAID: TableFacet = {
  id: 'paid',
  label: 'Paid',
  options: [
    { value: 'true', label: 'Paid' },
    { value: 'false', label: 'Not paid' },
  ],
};

/**
 * Leads and executives filter by designer, named from the designers list (the facet's counts
 * name any other); designers see only their own orders, so they get no such filter.
 */
function useDesignerFacet(): TableFacet | null {
  const me = useStaffQuery<StaffIdentity>({ path: '/api/staff/me' });
  const seesAll = me.status === 'ready' && hasRole(me.data, 'lead');
  const list = useStaffQuery<Designers>(
    { path: '/api/staff/orders/designers' },
    { enabled: seesAll },
  );
  const designers = list.status === 'ready' ? list.data.designers : null;
  return useMemo((): TableFacet | null => {
    if (!seesAll) return null;
    return {
      id: 'designer',
      label: 'Designer',
      options: (designers ?? []).map(({ discordId, name }) => ({ value: discordId, label: name })),
    };
  }, [seesAll, designers]);
}

const DEFAULT_SORT = { id: 'created', order: 'desc' } as const;
const SEARCH = { label: 'Search orders', placeholder: 'Order id, customer or Roblox name' };
const rowKey = (row: OrderSummary) => row.id;
const rowHref = (row: OrderSummary) => `/dashboard/orders/${encodeURIComponent(row.id)}`;

/** Orders: designers see their own (the server decides), leads and executives all. */
export default function OrdersSection({ itemId }: SectionPageProps) {
  useLiveRefresh(['order'], '/api/staff/orders');
  const designer = useDesignerFacet();
  const facets = useMemo(
    () => [STATUS, ...(designer ? [designer] : []), SERVICE, QC, PAID],
    [designer],
  );
  if (itemId) return <OrderDetail id={itemId} />;
  return (
    <section aria-labelledby="orders-title" className="space-y-4">
      <h1 id="orders-title" className="text-2xl font-bold">
        Orders
      </h1>
      <DataTable
        tableId="orders"
        caption="Orders"
        endpoint="/api/staff/orders"
        columns={COLUMNS}
        facets={facets}
        search={SEARCH}
        dateLabel="Created"
        defaultSort={DEFAULT_SORT}
        rowKey={rowKey}
        rowHref={rowHref}
        empty="No orders match these filters."
      />
    </section>
  );
}
