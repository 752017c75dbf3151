import { Link } from 'react-router';
import { customerLabel, type OrderDetail as Order } from '../../../../core/orders/staff-list';
import { ApiProblem } from '../../components/ui/api-problem';
import { Person, StatusBadge, When } from '../display/display';
import { formatRobux } from '../display/format';
import { useStaffQuery } from '../query';
import { BackToList } from '../table/back-to-list';

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
            <dd>
              <StatusBadge kind="order" value={state.data.status} />
            </dd>
            <dt>Ticket</dt>
            <dd>
              {state.data.ticketNumber === null ? (
                id
              ) : (
                <Link to={`/dashboard/tickets/${state.data.ticketNumber}`} className="underline">
                  {id}: its conversation and transcript
                </Link>
              )}
            </dd>
            <dt>Designer</dt>
            <dd>
              <Person name={state.data.designerName} id={state.data.designerDiscordId} />
            </dd>
            <dt>Customer</dt>
            <dd>{customerLabel(state.data)}</dd>
            <dt>Price</dt>
            <dd>{formatRobux(state.data.priceRobux)}</dd>
            <dt>Designer share</dt>
            <dd>
              {state.data.designerShareRobux === null
                ? '—'
                : formatRobux(state.data.designerShareRobux)}
            </dd>
            <dt>Paid out</dt>
            <dd>
              {state.data.payout ? (
                <>
                  <When value={state.data.payout.paidAt} /> by {state.data.payout.paidByName}
                </>
              ) : (
                'No'
              )}
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
                  <When value={event.createdAt} /> — {event.summary}{' '}
                  <span className="text-muted">
                    by <Person name={event.actorName} id={event.actorDiscordId} />
                  </span>
                </li>
              ))}
            </ol>
          )}
        </>
      )}
    </section>
  );
}
