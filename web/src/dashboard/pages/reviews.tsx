import { useMemo } from 'react';
import type { StaffIdentity } from '../../../../core/auth/principal';
import { hasRole } from '../../../../core/auth/roles';
import { customerLabel } from '../../../../core/orders/staff-list';
import type { StaffReview } from '../../../../core/orders/staff-review';
import { buttonClass } from '../../components/ui/button';
import { Person, When } from '../display/display';
import { useLiveRefresh } from '../live';
import { useStaffMutation, useStaffQuery } from '../query';
import { DataTable, type TableColumn, type TableFilter } from '../table/data-table';

const shownText = (row: StaffReview) =>
  !row.publish ? 'No' : row.hidden ? 'Hidden by staff' : 'Yes';

/**
 * Whether the review shows among the site's testimonials; an executive hides a published one
 * or shows it again (the server records it as an order event and refreshes the home page).
 */
function ShownCell({ row, canHide }: { row: StaffReview; canHide: boolean }) {
  const action = row.hidden ? 'unhide' : 'hide';
  // The home page's testimonials follow on the server; the list and overview here.
  const toggle = useStaffMutation(
    () => ({ method: 'POST', url: `/api/staff/reviews/${row.id}/${action}` }),
    ['/api/staff/reviews', '/api/staff/overview'],
  );
  if (!canHide || !row.publish) return <span>{shownText(row)}</span>;
  return (
    <span className="flex flex-wrap items-center gap-2">
      {shownText(row)}
      <button
        type="button"
        disabled={toggle.isPending}
        className={buttonClass('secondary', 'sm')}
        onClick={() => toggle.mutate()}
      >
        {row.hidden ? 'Show on site' : 'Hide from site'}
      </button>
      {toggle.error && (
        <span role="alert" className="text-red-300">
          {toggle.error.message}
        </span>
      )}
    </span>
  );
}

function reviewColumns(canHide: boolean): TableColumn<StaffReview>[] {
  return [
    {
      id: 'order',
      header: 'Order',
      cell: (row) => <span className="whitespace-nowrap">{row.orderId}</span>,
    },
    { id: 'rating', header: 'Rating', cell: (row) => `${row.rating}/5`, align: 'right' },
    { id: 'comment', header: 'Comment', cell: (row) => row.comment || '—' },
    {
      id: 'customer',
      header: 'Customer',
      cell: customerLabel,
    },
    {
      id: 'designer',
      header: 'Designer',
      cell: (row) => <Person name={row.designerName} id={row.designerDiscordId} />,
    },
    {
      id: 'shown',
      header: 'On the site',
      cell: (row) => <ShownCell row={row} canHide={canHide} />,
    },
    {
      id: 'created',
      header: 'Left',
      cell: (row) => <When value={row.createdAt} />,
    },
  ];
}

const FILTERS: TableFilter[] = [
  {
    kind: 'select',
    id: 'rating',
    label: 'Rating',
    options: [5, 4, 3, 2, 1].map((rating) => ({ value: String(rating), label: `${rating}/5` })),
  },
];

export default function ReviewsSection() {
  useLiveRefresh(['review'], '/api/staff/reviews');
  const me = useStaffQuery<StaffIdentity>({ path: '/api/staff/me' });
  const canHide = me.status === 'ready' && hasRole(me.data, 'executive');
  const columns = useMemo(() => reviewColumns(canHide), [canHide]);
  return (
    <section aria-labelledby="reviews-title" className="space-y-4">
      <h1 id="reviews-title" className="text-2xl font-bold">
        Reviews
      </h1>
      <DataTable
        tableId="reviews"
        caption="Reviews"
        endpoint="/api/staff/reviews"
        columns={columns}
        filters={FILTERS}
        defaultSort={{ id: 'created', order: 'desc' }}
        rowKey={(row) => row.id}
        empty="No reviews yet."
      />
    </section>
  );
}
