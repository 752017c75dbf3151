import { Link } from 'react-router';
import type { StaffIdentity } from '../../../../core/auth/principal';
import { hasRole } from '../../../../core/auth/roles';
import { customerLabel, type OrderDetail as Order } from '../../../../core/orders/staff-list';
import { ApiProblem } from '../../components/ui/api-problem';
import { Person, StatusBadge, When } from '../display/display';
import { formatRobux } from '../display/format';
import { useStaffQuery } from '../query';
import { BackToList } from '../table/back-to-list';
import { RefundButton } from './order-refund';

const PAID_WITH = { card: 'By card (Stripe)', robux: 'In Robux (game pass)' } as const;

/** One order: its facts and the timeline of what happened to it (order_events). */
export default function OrderDetail({ id }: { id: string }) {
  const state = useStaffQuery<Order>({ path: `/api/staff/orders/${encodeURIComponent(id)}` });
  const me = useStaffQuery<StaffIdentity>({ path: '/api/staff/me' });
  const executive = me.status === 'ready' && hasRole(me.data, 'executive');
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
            <dt>Payment</dt>
            <dd>
              {state.data.paidAt === null
                ? 'Not paid yet'
                : state.data.paidWith
                  ? PAID_WITH[state.data.paidWith]
                  : 'Verified by hand'}
            </dd>
            {state.data.refund && (
              <>
                <dt>Refund</dt>
                <dd>
                  {state.data.refund.status === 'pending' ? 'Being refunded' : 'Refunded'}{' '}
                  {state.data.refund.amountLabel} <When value={state.data.refund.at} />
                  {state.data.refund.byName && ` by ${state.data.refund.byName}`}:{' '}
                  {state.data.refund.reason}
                </dd>
              </>
            )}
            {state.data.review && (
              <>
                <dt>Review</dt>
                <dd>
                  {state.data.review.rating}/5 — {state.data.review.comment}
                </dd>
              </>
            )}
          </dl>
          {executive && state.data.paidAt !== null && !state.data.refund && (
            <RefundButton order={state.data} />
          )}
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
