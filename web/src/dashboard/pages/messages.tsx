import { useCallback } from 'react';
import type { ContactInboxItem } from '../../../../core/contact/schema';
import { When } from '../display/display';
import { useLiveRefresh } from '../live';
import { useStaffMutation } from '../query';
import { DataTable, type RowAction, type TableColumn, type TableFacet } from '../table/data-table';

function HandledCell({ row }: { row: ContactInboxItem }) {
  if (!row.handledAt) return <>Open</>;
  return (
    <span>
      Handled <When value={row.handledAt} />
      {row.handledBy && ` by ${row.handledBy}`}
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
    card: true,
  },
  { id: 'subject', header: 'Subject', cell: (row) => row.subject, sortable: true, card: true },
  {
    id: 'message',
    header: 'Message',
    cell: (row) => <span className="whitespace-pre-wrap">{row.message}</span>,
    card: true,
  },
  { id: 'handled', header: 'Handled', cell: (row) => <HandledCell row={row} />, card: true },
];

const FACETS: TableFacet[] = [
  {
    id: 'status',
    label: 'State',
    options: [
      { value: 'open', label: 'Open' },
      { value: 'handled', label: 'Handled' },
    ],
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
