import { useMemo } from 'react';
import type { StaffIdentity } from '../../../../core/auth/principal';
import { hasRole } from '../../../../core/auth/roles';
import { customerLabel, type OrderSummary } from '../../../../core/orders/staff-list';
import { Person, StatusBadge, When } from '../display/display';
import { formatNumber } from '../display/format';
import { statusOptions } from '../display/labels';
import { useLiveRefresh } from '../live';
import { useStaffQuery } from '../query';
import type { SectionPageProps } from '../sections';
import { DataTable, type TableColumn, type TableFilter } from '../table/data-table';
import OrderDetail from './order-detail';

const COLUMNS: TableColumn<OrderSummary>[] = [
  { id: 'id', header: 'Order', cell: (row) => <span className="whitespace-nowrap">{row.id}</span> },
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
  { id: 'customer', header: 'Customer', cell: customerLabel },
  {
    id: 'price',
    header: 'Price (R$)',
    cell: (row) => formatNumber(row.priceRobux),
    sortable: true,
    align: 'right',
  },
  { id: 'qc', header: 'QC', cell: (row) => <StatusBadge kind="qc" value={row.qc} /> },
  { id: 'paid', header: 'Paid', cell: (row) => <When value={row.paidAt} /> },
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

/**
 * Leads and executives filter by designer from a list of names (a search box by Discord id
 * until it has loaded); designers see only their own orders, so they get no such filter.
 */
function useDesignerFilter(): TableFilter | null {
  const me = useStaffQuery<StaffIdentity>({ path: '/api/staff/me' });
  const seesAll = me.status === 'ready' && hasRole(me.data, 'lead');
  const list = useStaffQuery<Designers>(
    { path: '/api/staff/orders/designers' },
    { enabled: seesAll },
  );
  const designers = list.status === 'ready' ? list.data.designers : null;
  return useMemo((): TableFilter | null => {
    if (!seesAll) return null;
    if (!designers) return { kind: 'search', id: 'designer', label: 'Designer' };
    return {
      kind: 'select',
      id: 'designer',
      label: 'Designer',
      options: designers.map(({ discordId, name }) => ({ value: discordId, label: name })),
    };
  }, [seesAll, designers]);
}

const FILTERS: TableFilter[] = [
  {
    kind: 'select',
    id: 'status',
    label: 'Status',
    options: statusOptions('order'),
  },
  { kind: 'search', id: 'customer', label: 'Customer', placeholder: 'Roblox name or Discord id' },
  {
    kind: 'select',
    id: 'qc',
    label: 'QC',
    options: statusOptions('qc'),
  },
  {
    kind: 'select',
    id: 'paid',
    label: 'Paid',
    options: [
      { value: 'true', label: 'Paid' },
      { value: 'false', label: 'Not paid' },
    ],
  },
  { kind: 'date', id: 'from', label: 'Created from' },
  { kind: 'date', id: 'to', label: 'Created to' },
];

/** Orders: designers see their own (the server decides), leads and executives all. */
export default function OrdersSection({ itemId }: SectionPageProps) {
  useLiveRefresh(['order'], '/api/staff/orders');
  const designer = useDesignerFilter();
  const filters = useMemo(() => {
    if (!designer) return FILTERS;
    const [status, ...rest] = FILTERS;
    return status ? [status, designer, ...rest] : [designer];
  }, [designer]);
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
        filters={filters}
        defaultSort={{ id: 'created', order: 'desc' }}
        rowKey={(row) => row.id}
        rowHref={(row) => `/dashboard/orders/${encodeURIComponent(row.id)}`}
        empty="No orders match these filters."
      />
    </section>
  );
}
