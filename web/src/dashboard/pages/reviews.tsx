import type { StaffReview } from '../../../../core/orders/staff-review';
import { useLiveRefresh } from '../live';
import { DataTable, type TableColumn, type TableFilter } from '../table/data-table';

const COLUMNS: TableColumn<StaffReview>[] = [
  { id: 'order', header: 'Order', cell: (row) => row.orderId },
  { id: 'rating', header: 'Rating', cell: (row) => `${row.rating}/5`, align: 'right' },
  { id: 'comment', header: 'Comment', cell: (row) => row.comment || '—' },
  { id: 'customer', header: 'Customer', cell: (row) => row.customerRobloxUsername },
  {
    id: 'shown',
    header: 'On the site',
    cell: (row) => (row.publish && !row.hidden ? 'Yes' : 'No'),
  },
  { id: 'created', header: 'Left', cell: (row) => new Date(row.createdAt).toLocaleDateString() },
];

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
  return (
    <section aria-labelledby="reviews-title" className="space-y-4">
      <h1 id="reviews-title" className="text-2xl font-bold">
        Reviews
      </h1>
      <DataTable
        tableId="reviews"
        caption="Reviews"
        endpoint="/api/staff/reviews"
        columns={COLUMNS}
        filters={FILTERS}
        defaultSort={{ id: 'created', order: 'desc' }}
        rowKey={(row) => row.id}
        empty="No reviews yet."
      />
    </section>
  );
}
