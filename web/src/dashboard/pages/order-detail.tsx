import { ORDER_STATUS_LABELS } from '../../../../core/orders/order-status';
import { customerLabel, type OrderDetail as Order } from '../../../../core/orders/staff-list';
import { ApiProblem } from '../../components/ui/api-problem';
import { useStaffQuery } from '../query';
import { BackToList } from '../table/back-to-list';

const when = (value: Date | string | null) => (value ? new Date(value).toLocaleString() : '—');

/** One order: its facts and the timeline of what happened to it (order_events). */
export default function OrderDetail({ id }: { id: string }) {
  const state = useStaffQuery<Order>({ path: `/api/staff/orders/${encodeURIComponent(id)}` });
  return (
    <section aria-labelledby="order-title" className="space-y-4">
      <BackToList to="/dashboard/orders" className="underline">
        ← All orders
      </BackToList>
      <h1 id="order-title" className="text-2xl font-bold">
        Order {id}
      </h1>
      <ApiProblem
        state={state}
        loading="Loading the order…"
        failed="The order could not be loaded"
      />
      {state.status === 'ready' && (
        <>
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1">
            <dt>Status</dt>
            <dd>{ORDER_STATUS_LABELS[state.data.status]}</dd>
            <dt>Designer</dt>
            <dd>{state.data.designerName ?? state.data.designerDiscordId}</dd>
            <dt>Customer</dt>
            <dd>{customerLabel(state.data)}</dd>
            <dt>Price</dt>
            <dd>{state.data.priceRobux} R$</dd>
            <dt>Designer share</dt>
            <dd>
              {state.data.designerShareRobux === null ? '—' : `${state.data.designerShareRobux} R$`}
            </dd>
            <dt>Paid out</dt>
            <dd>
              {state.data.payout
                ? `${when(state.data.payout.paidAt)} by ${state.data.payout.paidByName}`
                : 'No'}
            </dd>
            {state.data.review && (
              <>
                <dt>Review</dt>
                <dd>
                  {state.data.review.rating}/5 — {state.data.review.comment}
                </dd>
              </>
            )}
          </dl>
          <h2 className="text-xl font-semibold">Timeline</h2>
          {state.data.events.length === 0 ? (
            <p>Nothing recorded yet.</p>
          ) : (
            <ol className="space-y-1">
              {state.data.events.map((event) => (
                <li key={event.id}>
                  <time dateTime={new Date(event.createdAt).toISOString()}>
                    {when(event.createdAt)}
                  </time>{' '}
                  — {event.summary}{' '}
                  <span className="text-muted">(by {event.actorName ?? event.actorDiscordId})</span>
                </li>
              ))}
            </ol>
          )}
        </>
      )}
    </section>
  );
}
