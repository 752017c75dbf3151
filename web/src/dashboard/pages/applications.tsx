import { applicationReference } from '../../../../core/applications/reference';
import { APPLICATION_TYPES, type ApplicationType } from '../../../../core/applications/schema';
import { ApplicationDetail } from '../applications/application-detail';
import { StatusBadge, When } from '../display/display';
import { statusOptions } from '../display/labels';
import { useLiveRefresh } from '../live';
import type { SectionPageProps } from '../sections';
import { BackToList } from '../table/back-to-list';
import { DataTable, type TableColumn, type TableFacet } from '../table/data-table';

// Applications (leads, executives): the list, and one application at /dashboard/applications/:id.

type ApplicationRow = {
  id: number;
  type: ApplicationType;
  status: string;
  robloxUsername: string;
  discordUsername: string;
  submittedAt: string;
  reviewerName: string | null;
  decidedAt: string | null;
};

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

// The first column links to the application.
const COLUMNS: TableColumn<ApplicationRow>[] = [
  { id: 'username', header: 'Roblox username', sortable: true, cell: (row) => row.robloxUsername },
  // What applicants are told to quote (core/applications/reference.ts).
  {
    id: 'reference',
    header: 'Reference',
    cell: (row) => (
      <span className="font-mono whitespace-nowrap">{applicationReference(row.type, row.id)}</span>
    ),
  },
  { id: 'discord', header: 'Discord', cell: (row) => row.discordUsername },
  {
    id: 'type',
    header: 'Type',
    cell: (row) => capitalize(row.type),
    sortable: true,
  },
  {
    id: 'status',
    header: 'Status',
    sortable: true,
    cell: (row) => <StatusBadge kind="application" value={row.status} />,
  },
  {
    id: 'submitted',
    header: 'Submitted',
    sortable: true,
    cell: (row) => <When value={row.submittedAt} />,
  },
  { id: 'reviewer', header: 'Decided by', cell: (row) => row.reviewerName ?? '—' },
  {
    id: 'decided',
    header: 'Decided',
    hiddenByDefault: true,
    sortable: true,
    cell: (row) => <When value={row.decidedAt} />,
  },
];

const FACETS: TableFacet[] = [
  { id: 'status', label: 'Status', options: statusOptions('application') },
  {
    id: 'type',
    label: 'Type',
    options: APPLICATION_TYPES.map((type) => ({ value: type, label: capitalize(type) })),
  },
];
const SEARCH = {
  label: 'Search references, usernames and answers',
  placeholder: 'e.g. DES-000012 or nova',
};

const DEFAULT_SORT = { id: 'submitted', order: 'desc' } as const;
const rowHref = (row: ApplicationRow) => `/dashboard/applications/${row.id}`;
const rowKey = (row: ApplicationRow) => row.id;

export default function ApplicationsSection({ itemId }: SectionPageProps) {
  // A new application, or a decision made in Discord or by another reviewer, shows at once.
  useLiveRefresh(['application'], '/api/staff/applications');
  if (itemId) {
    return (
      <>
        <BackToList to="/dashboard/applications" className="text-sm text-lavender underline">
          ← All applications
        </BackToList>
        <ApplicationDetail id={itemId} />
      </>
    );
  }
  return (
    <section aria-labelledby="applications-title" className="space-y-4">
      <h1 id="applications-title" className="text-2xl font-bold">
        Applications
      </h1>
      <DataTable
        tableId="applications"
        caption="Applications"
        endpoint="/api/staff/applications"
        columns={COLUMNS}
        facets={FACETS}
        search={SEARCH}
        dateLabel="Submitted"
        defaultSort={DEFAULT_SORT}
        rowKey={rowKey}
        rowHref={rowHref}
        empty="No applications match these filters."
        exportEndpoint="/api/staff/applications.csv"
      />
    </section>
  );
}
