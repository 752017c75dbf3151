import { useMemo } from 'react';
import type { StaffIdentity } from '../../../../core/auth/principal';
import { hasRole } from '../../../../core/auth/roles';
import type { SiteContent } from '../../../../core/site/site-content';
import { SITE_CONTENT_URL } from '../../../../core/site/site-content-url';
import { listTicketServices } from '../../../../core/tickets/services';
import type { TicketSummary } from '../../../../core/tickets/staff-list';
import { Person, StatusBadge, When } from '../display/display';
import { statusOptions } from '../display/labels';
import { useLiveRefresh } from '../live';
import { useStaffQuery } from '../query';
import type { SectionPageProps } from '../sections';
import { DataTable, type TableColumn, type TableFilter } from '../table/data-table';
import { CapacityWarning } from '../tickets/capacity-warning';
import TicketDetail from './ticket-detail';

const COLUMNS: TableColumn<TicketSummary>[] = [
  {
    id: 'name',
    header: 'Ticket',
    cell: (row) => <span className="whitespace-nowrap">{row.name}</span>,
  },
  {
    id: 'status',
    header: 'Status',
    cell: (row) => <StatusBadge kind="ticket" value={row.status} />,
  },
  { id: 'service', header: 'Service', cell: (row) => row.serviceLabel },
  {
    id: 'customer',
    header: 'Customer',
    cell: (row) => <Person name={row.customerName} id={row.customerDiscordId} />,
  },
  {
    id: 'claimant',
    header: 'Claimed by',
    cell: (row) => <Person name={row.claimantName} id={row.claimantDiscordId} />,
  },
  { id: 'source', header: 'From', cell: (row) => (row.source === 'site' ? 'Site' : 'Discord') },
  { id: 'opened', header: 'Opened', cell: (row) => <When value={row.createdAt} /> },
  {
    id: 'closed',
    header: 'Closed',
    cell: (row) => <When value={row.closedAt} />,
    hiddenByDefault: true,
  },
];

const STATUS_FILTER: TableFilter = {
  kind: 'select',
  id: 'status',
  label: 'Status',
  options: statusOptions('ticket'),
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

/**
 * Who claimed tickets, by name (a search box by Discord id until the names have loaded). Leads
 * and executives only: a designer sees their own tickets and unclaimed ones, nobody else's.
 */
function useClaimantFilter(): TableFilter | null {
  const me = useStaffQuery<StaffIdentity>({ path: '/api/staff/me' });
  const seesAll = me.status === 'ready' && hasRole(me.data, 'lead');
  const list = useStaffQuery<{ claimants: { discordId: string; name: string }[] }>(
    { path: '/api/staff/tickets/claimants' },
    { enabled: seesAll },
  );
  const claimants = list.status === 'ready' ? list.data.claimants : null;
  return useMemo((): TableFilter | null => {
    if (!seesAll) return null;
    return claimants
      ? {
          kind: 'select',
          id: 'claimant',
          label: 'Claimed by',
          options: claimants.map(({ discordId, name }) => ({ value: discordId, label: name })),
        }
      : { kind: 'search', id: 'claimant', label: 'Claimed by', placeholder: 'Discord id' };
  }, [seesAll, claimants]);
}

/** Tickets (decision 047): every ticket, newest first, with its transcript and timeline. */
export default function TicketsSection({ itemId }: SectionPageProps) {
  useLiveRefresh(['ticket'], '/api/staff/tickets');
  const service = useServiceFilter();
  const claimant = useClaimantFilter();
  const filters = useMemo(
    () => [STATUS_FILTER, service, ...(claimant ? [claimant] : []), ...OTHER_FILTERS],
    [service, claimant],
  );
  if (itemId) return <TicketDetail number={itemId} />;
  return (
    <section aria-labelledby="tickets-title" className="space-y-4">
      <h1 id="tickets-title" className="text-2xl font-bold">
        Tickets
      </h1>
      <CapacityWarning />
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
