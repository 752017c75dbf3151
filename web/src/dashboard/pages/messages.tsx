import type { ContactInboxItem } from '../../../../core/contact/schema';
import { buttonClass } from '../../components/ui/button';
import { When } from '../display/display';
import { useLiveRefresh } from '../live';
import { useStaffMutation } from '../query';
import { DataTable, type TableColumn, type TableFilter } from '../table/data-table';

function HandledCell({ row }: { row: ContactInboxItem }) {
  const markHandled = useStaffMutation(
    () => ({ method: 'POST', url: `/api/staff/messages/${row.id}/handled` }),
    ['/api/staff/messages'],
  );
  if (row.handledAt) {
    return (
      <span>
        Handled <When value={row.handledAt} />
        {row.handledBy && ` by ${row.handledBy}`}
      </span>
    );
  }
  return (
    <span>
      <button
        type="button"
        className={buttonClass('secondary')}
        disabled={markHandled.isPending}
        onClick={() => markHandled.mutate()}
      >
        Mark handled
      </button>
      {markHandled.error && (
        <span role="alert" className="ml-2 text-red-300">
          {markHandled.error.message}
        </span>
      )}
    </span>
  );
}

const COLUMNS: TableColumn<ContactInboxItem>[] = [
  { id: 'received', header: 'Received', cell: (row) => <When value={row.createdAt} /> },
  { id: 'from', header: 'From', cell: (row) => `${row.name} <${row.email}>` },
  { id: 'subject', header: 'Subject', cell: (row) => row.subject },
  {
    id: 'message',
    header: 'Message',
    cell: (row) => <span className="whitespace-pre-wrap">{row.message}</span>,
  },
  { id: 'handled', header: 'Handled', cell: (row) => <HandledCell row={row} /> },
];

const FILTERS: TableFilter[] = [
  {
    kind: 'select',
    id: 'handled',
    label: 'State',
    options: [
      { value: 'false', label: 'Open' },
      { value: 'true', label: 'Handled' },
    ],
  },
];

/** The contact inbox (leads and executives). */
export default function MessagesSection() {
  useLiveRefresh(['message'], '/api/staff/messages');
  return (
    <section aria-labelledby="messages-title" className="space-y-4">
      <h1 id="messages-title" className="text-2xl font-bold">
        Messages
      </h1>
      <DataTable
        tableId="messages"
        caption="Contact messages"
        endpoint="/api/staff/messages"
        columns={COLUMNS}
        filters={FILTERS}
        defaultSort={{ id: 'received', order: 'desc' }}
        rowKey={(row) => row.id}
        empty="No messages."
      />
    </section>
  );
}
