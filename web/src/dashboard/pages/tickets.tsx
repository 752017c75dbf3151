import { useMemo } from 'react';
import type { StaffIdentity } from '../../../../core/auth/principal';
import { hasRole } from '../../../../core/auth/roles';
import type { SiteContent } from '../../../../core/site/site-content';
import { SITE_CONTENT_URL } from '../../../../core/site/site-content-url';
import { listTicketServices } from '../../../../core/tickets/services';
import type { TicketSummary } from '../../../../core/tickets/staff-list';
import { Customer, Person, StatusBadge, When } from '../display/display';
import { statusLabel, statusOptions } from '../display/labels';
import { useLiveRefresh } from '../live';
import { useStaffQuery } from '../query';
import type { SectionPageProps } from '../sections';
import { DataTable, type RowAction, type TableColumn, type TableFacet } from '../table/data-table';
import { CapacityWarning } from '../tickets/capacity-warning';
import TicketDetail from './ticket-detail';

const COLUMNS: TableColumn<TicketSummary>[] = [
  {
    id: 'number',
    header: 'Ticket',
    cell: (row) => <span className="whitespace-nowrap">{row.name}</span>,
    sortable: true,
  },
  {
    id: 'status',
    header: 'Status',
    cell: (row) => <StatusBadge kind="ticket" value={row.status} />,
    sortable: true,
    card: true,
  },
  {
    id: 'service',
    header: 'Service',
    cell: (row) => row.serviceLabel,
    sortable: true,
    card: true,
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
    card: true,
  },
  {
    id: 'claimant',
    header: 'Claimed by',
    cell: (row) => <Person name={row.claimantName} id={row.claimantDiscordId} />,
    card: true,
  },
  { id: 'source', header: 'From', cell: (row) => (row.source === 'site' ? 'Site' : 'Discord') },
  {
    id: 'created',
    header: 'Opened',
    cell: (row) => <When value={row.createdAt} />,
    sortable: true,
    card: true,
  },
  {
    id: 'activity',
    header: 'Last activity',
    cell: (row) => <When value={row.lastActivityAt} />,
    sortable: true,
    card: true,
  },
  {
    id: 'reply',
    header: 'Reply',
    cell: (row) => statusLabel('reply', row.reply),
    hiddenByDefault: true,
  },
  {
    id: 'closed',
    header: 'Closed',
    cell: (row) => <When value={row.closedAt} />,
    hiddenByDefault: true,
  },
];

const STATUS: TableFacet = { id: 'status', label: 'Status', options: statusOptions('ticket') };
/** Who wrote last: "Waiting for staff" is the Overview's "Waiting for a reply". */
const REPLY: TableFacet = { id: 'reply', label: 'Reply', options: statusOptions('reply') };

/** The service facet's names: the services and plans as the site and the panel name them. */
function useServiceFacet(): TableFacet {
  const content = useStaffQuery<SiteContent>({ path: SITE_CONTENT_URL });
  const data = content.status === 'ready' ? content.data : null;
  return useMemo(
    () => ({
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
 * Who claimed tickets, by name. Leads and executives only: a designer sees their own tickets
 * and unclaimed ones, nobody else's.
 */
function useClaimantFacet(): TableFacet | null {
  const me = useStaffQuery<StaffIdentity>({ path: '/api/staff/me' });
  const seesAll = me.status === 'ready' && hasRole(me.data, 'lead');
  const list = useStaffQuery<{ claimants: { discordId: string; name: string }[] }>(
    { path: '/api/staff/tickets/claimants' },
    { enabled: seesAll },
  );
  const claimants = list.status === 'ready' ? list.data.claimants : null;
  return useMemo((): TableFacet | null => {
    if (!seesAll) return null;
    return {
      id: 'claimant',
      label: 'Claimed by',
      options: [
        { value: 'none', label: 'Unclaimed' },
        ...(claimants ?? []).map(({ discordId, name }) => ({ value: discordId, label: name })),
      ],
    };
  }, [seesAll, claimants]);
}

const DEFAULT_SORT = { id: 'created', order: 'desc' } as const;
const SEARCH = { label: 'Search tickets', placeholder: 'ticket-0042, Roblox name, words' };
const rowKey = (row: TicketSummary) => row.number;
const rowHref = (row: TicketSummary) => `/dashboard/tickets/${row.number}`;

/** The "…" menu: the ticket, and what the caller may do to it (done on its page). */
function ticketActions(row: TicketSummary): RowAction[] {
  const href = rowHref(row);
  return [
    { label: 'Open ticket', href },
    ...(row.actions.includes('reassign') ? [{ label: 'Reassign…', href }] : []),
    ...(row.actions.includes('forceClose') ? [{ label: 'Force close…', href }] : []),
  ];
}

/** Tickets (decision 047): every ticket, newest first, with its transcript and timeline. */
export default function TicketsSection({ itemId }: SectionPageProps) {
  useLiveRefresh(['ticket'], '/api/staff/tickets');
  const service = useServiceFacet();
  const claimant = useClaimantFacet();
  const facets = useMemo(
    () => [STATUS, service, ...(claimant ? [claimant] : []), REPLY],
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
        facets={facets}
        search={SEARCH}
        dateLabel="Opened"
        defaultSort={DEFAULT_SORT}
        rowKey={rowKey}
        rowHref={rowHref}
        actions={ticketActions}
        empty="No tickets match these filters."
      />
    </section>
  );
}
