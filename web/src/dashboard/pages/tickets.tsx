import { useMemo } from 'react';
import type { SiteContent } from '../../../../core/site/site-content';
import { SITE_CONTENT_URL } from '../../../../core/site/site-content-url';
import { listTicketServices } from '../../../../core/tickets/services';
import type { TicketSummary } from '../../../../core/tickets/staff-list';
import { TICKET_STATUS_LABELS, TICKET_STATUSES } from '../../../../core/tickets/ticket-status';
import { useLiveRefresh } from '../live';
import { useStaffQuery } from '../query';
import type { SectionPageProps } from '../sections';
import { DataTable, type TableColumn, type TableFilter } from '../table/data-table';
import TicketDetail from './ticket-detail';

const day = (value: Date | string | null) => (value ? new Date(value).toLocaleDateString() : '—');

const COLUMNS: TableColumn<TicketSummary>[] = [
  { id: 'name', header: 'Ticket', cell: (row) => row.name },
  { id: 'status', header: 'Status', cell: (row) => TICKET_STATUS_LABELS[row.status] },
  { id: 'service', header: 'Service', cell: (row) => row.serviceLabel },
  { id: 'customer', header: 'Customer', cell: (row) => row.customerName ?? row.customerDiscordId },
  {
    id: 'claimant',
    header: 'Claimed by',
    cell: (row) => (row.claimantDiscordId ? (row.claimantName ?? row.claimantDiscordId) : '—'),
  },
  { id: 'source', header: 'From', cell: (row) => (row.source === 'site' ? 'Site' : 'Discord') },
  { id: 'opened', header: 'Opened', cell: (row) => day(row.createdAt) },
  { id: 'closed', header: 'Closed', cell: (row) => day(row.closedAt), hiddenByDefault: true },
];

const STATUS_FILTER: TableFilter = {
  kind: 'select',
  id: 'status',
  label: 'Status',
  options: TICKET_STATUSES.map((status) => ({
    value: status,
    label: TICKET_STATUS_LABELS[status],
  })),
};

const OTHER_FILTERS: TableFilter[] = [
  { kind: 'date', id: 'from', label: 'Opened from' },
  { kind: 'date', id: 'to', label: 'Opened to' },
  { kind: 'search', id: 'q', label: 'Search', placeholder: 'ticket-0042, Roblox name, words' },
];

/** The service filter's choices: the services and plans as the site and the panel name them. */
function useServiceFilter(): TableFilter {
  const content = useStaffQuery<SiteContent>({ path: SITE_CONTENT_URL });
  const data = content.status === 'ready' ? content.data : null;
  return useMemo(
    () => ({
      kind: 'select',
      id: 'service',
      label: 'Service',
      options: data
        ? listTicketServices(data.services, data.pricing).map(({ key, label }) => ({
            value: key,
            label,
          }))
        : [],
    }),
    [data],
  );
}

/** Who claimed tickets, by name (a search box by Discord id until the names have loaded). */
function useClaimantFilter(): TableFilter {
  const list = useStaffQuery<{ claimants: { discordId: string; name: string }[] }>({
    path: '/api/staff/tickets/claimants',
  });
  const claimants = list.status === 'ready' ? list.data.claimants : null;
  return useMemo(
    (): TableFilter =>
      claimants
        ? {
            kind: 'select',
            id: 'claimant',
            label: 'Claimed by',
            options: claimants.map(({ discordId, name }) => ({ value: discordId, label: name })),
          }
        : { kind: 'search', id: 'claimant', label: 'Claimed by', placeholder: 'Discord id' },
    [claimants],
  );
}

/** Tickets (decision 047): every ticket, newest first, with its transcript and timeline. */
export default function TicketsSection({ itemId }: SectionPageProps) {
  useLiveRefresh(['ticket'], '/api/staff/tickets');
  const service = useServiceFilter();
  const claimant = useClaimantFilter();
  const filters = useMemo(
    () => [STATUS_FILTER, service, claimant, ...OTHER_FILTERS],
    [service, claimant],
  );
  if (itemId) return <TicketDetail number={itemId} />;
  return (
    <section aria-labelledby="tickets-title" className="space-y-4">
      <h1 id="tickets-title" className="text-2xl font-bold">
        Tickets
      </h1>
      <DataTable
        tableId="tickets"
        caption="Tickets"
        endpoint="/api/staff/tickets"
        columns={COLUMNS}
        filters={filters}
        defaultSort={{ id: 'opened', order: 'desc' }}
        rowKey={(row) => row.number}
        rowHref={(row) => `/dashboard/tickets/${row.number}`}
        empty="No tickets match these filters."
      />
    </section>
  );
}
