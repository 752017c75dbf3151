import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { CustomerPayment, CustomerTicket } from '../../../core/tickets/customer-view';
import {
  CUSTOMER_SESSION_URL,
  CustomerGate,
  SignInProblem,
} from '../components/order/customer-gate';
import { buttonClass } from '../components/ui/button';
import { sendJson } from '../data/post-json';
import { useApi, useInvalidate } from '../data/use-api';

/** Ends the customer session on the server (staff sign-in is apart and stays). */
function SignOut() {
  const invalidate = useInvalidate();
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      disabled={busy}
      className={buttonClass('ghost', 'sm')}
      onClick={async () => {
        setBusy(true);
        await sendJson('POST', '/api/customer/signout');
        await invalidate(CUSTOMER_SESSION_URL);
        setBusy(false);
      }}
    >
      Sign out
    </button>
  );
}

/** How often the list asks again while an order awaits payment: it turns "Paid" by itself. */
export const PAYMENT_POLL_MS = 10_000;

const robux = (amount: number) => `${amount.toLocaleString('en')} R$`;

/**
 * An unpaid order's amount and its ways to pay: the game pass on Roblox and, when the order has
 * a card checkout, the card link (both open on the provider's site).
 */
function PayButtons({ orderId, payment }: { orderId: string; payment: CustomerPayment }) {
  return (
    <div className="flex flex-wrap items-center gap-3 border-t border-line px-4 py-3 text-sm">
      <span>
        To pay: <strong>{robux(payment.amountRobux)}</strong>
      </span>
      {payment.gamePassUrl && (
        <a
          href={payment.gamePassUrl}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClass('primary', 'sm')}
          aria-label={`Buy the game pass (${robux(payment.amountRobux)}) for order ${orderId}`}
        >
          Buy the game pass ({robux(payment.amountRobux)})
        </a>
      )}
      {payment.card && (
        <a
          href={payment.card.url}
          className={buttonClass('secondary', 'sm')}
          aria-label={`Pay by card (${payment.card.amount}) for order ${orderId}`}
        >
          Pay by card ({payment.card.amount})
        </a>
      )}
    </div>
  );
}

function TicketList() {
  const tickets = useApi<{ items: CustomerTicket[] }>('/api/customer/tickets');
  const awaiting =
    tickets.status === 'ready' && tickets.data.items.some((ticket) => ticket.payment !== null);
  const { reload } = tickets;
  // While something awaits payment the list asks again now and then, so it says "Paid" as
  // soon as the bot sees the purchase; nothing is asked otherwise.
  useEffect(() => {
    if (!awaiting) return;
    const timer = setInterval(() => void reload(), PAYMENT_POLL_MS);
    return () => clearInterval(timer);
  }, [awaiting, reload]);
  if (tickets.status === 'loading') return <p className="mt-8 text-muted">Loading your orders…</p>;
  if (tickets.status !== 'ready') {
    return (
      <p role="alert" className="mt-8 rounded-xl border border-red-400 bg-red-950 p-4">
        Your orders could not be loaded: {tickets.error.message}
      </p>
    );
  }
  if (tickets.data.items.length === 0) {
    return (
      <p className="mt-8 text-muted">
        No orders yet.{' '}
        <Link to="/#pricing" className="font-semibold text-lavender underline">
          See our pricing
        </Link>
      </p>
    );
  }
  return (
    <ul className="mt-8 space-y-3">
      {tickets.data.items.map((ticket) => (
        <li
          key={ticket.number}
          className="rounded-xl border border-line bg-panel hover:border-lavender"
        >
          <Link
            to={`/orders/${ticket.number}`}
            className="flex flex-col gap-1 p-4 sm:flex-row sm:items-center sm:justify-between"
          >
            <span>
              <span className="font-semibold">{ticket.serviceLabel}</span>
              <span className="ml-2 text-sm text-muted">{ticket.name}</span>
            </span>
            <span className="text-sm text-lavender" aria-live="polite">
              {ticket.statusLabel}
            </span>
          </Link>
          {ticket.payment && <PayButtons orderId={ticket.name} payment={ticket.payment} />}
        </li>
      ))}
    </ul>
  );
}

/** "Your orders": the signed-in customer's tickets, and nobody else's. */
export default function OrdersPage() {
  return (
    <main className="mx-auto max-w-3xl px-4 pt-28 pb-16">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Your orders</h1>
      <SignInProblem />
      <CustomerGate why="to see your orders">
        {(customer) => (
          <>
            <p className="mt-3 flex flex-wrap items-center gap-3 text-sm text-muted">
              <span>
                Signed in with Discord as{' '}
                <strong className="text-white">{customer.username}</strong>.
              </span>
              <SignOut />
            </p>
            <TicketList />
            <Link to="/#pricing" className={`${buttonClass('secondary')} mt-8`}>
              Order something else
            </Link>
          </>
        )}
      </CustomerGate>
    </main>
  );
}
