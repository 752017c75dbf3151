import { useCallback } from 'react';
import type { ContactInboxItem } from '../../../../core/contact/schema';
import { StatusBadge, When } from '../display/display';
import { statusOptions } from '../display/labels';
import { useLiveRefresh } from '../live';
import { useStaffMutation } from '../query';
import { DataTable, type RowAction, type TableColumn, type TableFacet } from '../table/data-table';

/** Open or handled as a badge, and when and by whom it was handled. */
function StatusCell({ row }: { row: ContactInboxItem }) {
  if (!row.handledAt) return <StatusBadge kind="message" value="open" />;
  return (
    <span>
      <StatusBadge kind="message" value="handled" />
      <span className="block text-xs text-muted">
        <When value={row.handledAt} />
        {row.handledBy && ` by ${row.handledBy}`}
      </span>
    </span>
  );
}

const COLUMNS: TableColumn<ContactInboxItem>[] = [
  {
    id: 'created',
    header: 'Received',
    cell: (row) => <When value={row.createdAt} />,
    sortable: true,
  },
  {
    id: 'name',
    header: 'From',
    cell: (row) => `${row.name} <${row.email}>`,
    sortable: true,
  },
  { id: 'subject', header: 'Subject', cell: (row) => row.subject, sortable: true },
  {
    id: 'message',
    header: 'Message',
    cell: (row) => <span className="whitespace-pre-wrap">{row.message}</span>,
  },
  { id: 'handled', header: 'Status', cell: (row) => <StatusCell row={row} /> },
];

const FACETS: TableFacet[] = [
  {
    id: 'status',
    label: 'Status',
    options: statusOptions('message'),
  },
];
const SEARCH = { label: 'Search messages', placeholder: 'Name, email, subject or words' };
const DEFAULT_SORT = { id: 'created', order: 'desc' } as const;
const rowKey = (row: ContactInboxItem) => row.id;

/** The contact inbox (leads and executives); an open message is marked handled from its menu. */
export default function MessagesSection() {
  useLiveRefresh(['message'], '/api/staff/messages');
  const markHandled = useStaffMutation(
    (id: number) => ({ method: 'POST', url: `/api/staff/messages/${id}/handled` }),
    ['/api/staff/messages'],
  );
  const { mutate, isPending } = markHandled;
  const actions = useCallback(
    (row: ContactInboxItem): RowAction[] =>
      row.handledAt
        ? []
        : [{ label: 'Mark handled', onSelect: () => mutate(row.id), disabled: isPending }],
    [mutate, isPending],
  );
  return (
    <section aria-labelledby="messages-title" className="space-y-4">
      <h1 id="messages-title" className="text-2xl font-bold">
        Messages
      </h1>
      {markHandled.error && (
        <p role="alert" className="rounded-lg border border-red-400 bg-red-950 p-3 text-sm">
          {markHandled.error.message}
        </p>
      )}
      <DataTable
        tableId="messages"
        caption="Contact messages"
        endpoint="/api/staff/messages"
        columns={COLUMNS}
        facets={FACETS}
        search={SEARCH}
        dateLabel="Received"
        defaultSort={DEFAULT_SORT}
        rowKey={rowKey}
        actions={actions}
        empty="No messages match these filters."
      />
    </section>
  );
}
