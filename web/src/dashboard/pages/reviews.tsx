import { useCallback } from 'react';
import type { StaffIdentity } from '../../../../core/auth/principal';
import { hasRole } from '../../../../core/auth/roles';
import type { StaffReview } from '../../../../core/orders/staff-review';
import { Customer, Person, When } from '../display/display';
import { useLiveRefresh } from '../live';
import { useStaffMutation, useStaffQuery } from '../query';
import { sectionPath } from '../sections';
import { DataTable, type RowAction, type TableColumn, type TableFacet } from '../table/data-table';

const shownText = (row: StaffReview) =>
  !row.publish ? 'No' : row.hidden ? 'Hidden by staff' : 'Yes';

/**
 * Room for a sentence, two lines at most in the table (the whole comment on hover and on a
 * phone's card, where it wraps freely).
 */
function Comment({ text }: { text: string | null }) {
  if (!text) return <>—</>;
  return (
    <span title={text} className="block sm:line-clamp-2 sm:min-w-56 sm:max-w-md">
      {text}
    </span>
  );
}

const COLUMNS: TableColumn<StaffReview>[] = [
  {
    id: 'order',
    header: 'Order',
    cell: (row) => <span className="whitespace-nowrap">{row.orderId}</span>,
    sortable: true,
  },
  {
    id: 'rating',
    header: 'Rating',
    cell: (row) => `${row.rating}/5`,
    align: 'right',
    sortable: true,
  },
  { id: 'comment', header: 'Comment', cell: (row) => <Comment text={row.comment} /> },
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
  },
  {
    id: 'designer',
    header: 'Designer',
    cell: (row) => <Person name={row.designerName} id={row.designerDiscordId} />,
  },
  { id: 'shown', header: 'On the site', cell: shownText },
  {
    id: 'created',
    header: 'Left',
    cell: (row) => <When value={row.createdAt} />,
    sortable: true,
  },
];

const FACETS: TableFacet[] = [
  {
    id: 'rating',
    label: 'Rating',
    options: [5, 4, 3, 2, 1].map((rating) => ({ value: String(rating), label: `${rating}/5` })),
  },
  {
    id: 'visibility',
    label: 'On the site',
    options: [
      { value: 'shown', label: 'Yes' },
      { value: 'hidden', label: 'Hidden by staff' },
      { value: 'private', label: 'No' },
    ],
  },
];
const SEARCH = { label: 'Search reviews', placeholder: 'Order, comment or customer' };
const DEFAULT_SORT = { id: 'created', order: 'desc' } as const;
const rowKey = (row: StaffReview) => row.id;
const orderHref = (row: StaffReview) => sectionPath({ id: 'orders' }, row.orderId);

/**
 * Whether a review shows among the site's testimonials; an executive hides a published one or
 * shows it again from its "…" menu (the server records it as an order event and refreshes the
 * home page).
 */
export default function ReviewsSection() {
  useLiveRefresh(['review'], '/api/staff/reviews');
  const me = useStaffQuery<StaffIdentity>({ path: '/api/staff/me' });
  const canHide = me.status === 'ready' && hasRole(me.data, 'executive');
  // The order page is the Orders section's: linked for those who see it (leads and up).
  const seesOrders = me.status === 'ready' && hasRole(me.data, 'lead');
  const toggle = useStaffMutation(
    (row: StaffReview) => ({
      method: 'POST',
      url: `/api/staff/reviews/${row.id}/${row.hidden ? 'unhide' : 'hide'}`,
    }),
    ['/api/staff/reviews', '/api/staff/overview'],
  );
  const { mutate, isPending } = toggle;
  const actions = useCallback(
    (row: StaffReview): RowAction[] =>
      canHide && row.publish
        ? [
            {
              label: row.hidden ? 'Show on site' : 'Hide from site',
              onSelect: () => mutate(row),
              disabled: isPending,
            },
          ]
        : [],
    [canHide, mutate, isPending],
  );
  return (
    <section aria-labelledby="reviews-title" className="space-y-4">
      <h1 id="reviews-title" className="text-2xl font-bold">
        Reviews
      </h1>
      {toggle.error && (
        <p role="alert" className="rounded-lg border border-red-400 bg-red-950 p-3 text-sm">
          {toggle.error.message}
        </p>
      )}
      <DataTable
        tableId="reviews"
        caption="Reviews"
        endpoint="/api/staff/reviews"
        columns={COLUMNS}
        facets={FACETS}
        search={SEARCH}
        dateLabel="Left"
        defaultSort={DEFAULT_SORT}
        rowKey={rowKey}
        rowHref={seesOrders ? orderHref : undefined}
        actions={canHide ? actions : undefined}
        empty="No reviews match these filters."
      />
    </section>
  );
}
