import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { formatRobux } from '../../../core/site/pricing';
import type { CustomerTicketDetail } from '../../../core/tickets/customer-view';
import { CustomerGate } from '../components/order/customer-gate';
import { Transcript } from '../components/order/transcript';
import { buttonClass } from '../components/ui/button';
import { useSiteSettings } from '../data/site-settings';
import { useApi } from '../data/use-api';

// Asked again this often until the bot has made the channel: opening usually takes a second
// or two, longer while Discord rate-limits channel creation.
const POLL_MS = 1500;

function TicketView({ number }: { number: string }) {
  const ticket = useApi<CustomerTicketDetail>(
    `/api/customer/tickets/${encodeURIComponent(number)}`,
  );
  // Asked again while the bot is at work: making the channel, or archiving a closed one.
  const waiting =
    ticket.status === 'ready' &&
    (ticket.data.status === 'opening' ||
      (ticket.data.status === 'closed' && ticket.data.transcript === null));
  const { reload } = ticket;
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => void reload(), POLL_MS);
    return () => clearTimeout(timer);
  });

  if (ticket.status === 'loading') return <p className="mt-8 text-muted">Loading your ticket…</p>;
  if (ticket.status !== 'ready') {
    return (
      <p role="alert" className="mt-8 rounded-xl border border-red-400 bg-red-950 p-4">
        {ticket.error.status === 404
          ? 'There is no ticket with this number among your orders.'
          : `Your ticket could not be loaded: ${ticket.error.message}`}
      </p>
    );
  }
  const data = ticket.data;
  return (
    <>
      {data.problem && data.status !== 'failed' && <JoinProblem text={data.problem} />}
      <section aria-live="polite" className="mt-8 rounded-2xl border border-line bg-panel p-6">
        {data.status === 'failed' ? (
          <>
            <h2 className="text-xl font-semibold">Your ticket could not be opened</h2>
            <p className="mt-2">{data.problem}</p>
            <Link to="/#pricing" className={`${buttonClass('primary')} mt-5 w-full sm:w-auto`}>
              Order again
            </Link>
          </>
        ) : data.status === 'opening' ? (
          <OpeningState ticket={data} />
        ) : data.channelUrl ? (
          <>
            <h2 className="text-xl font-semibold">Your ticket is open</h2>
            <p className="mt-2 text-muted">
              A designer will answer you there. Keep Discord notifications on for our server.
            </p>
            <a
              href={data.channelUrl}
              target="_blank"
              rel="noopener noreferrer"
              className={`${buttonClass('primary')} mt-5 w-full sm:w-auto`}
            >
              Open {data.name} in Discord <span className="sr-only">(opens in a new tab)</span>
            </a>
          </>
        ) : (
          <>
            <h2 className="text-xl font-semibold">{data.statusLabel}</h2>
            {data.status === 'closed' && data.transcript === null && (
              <p className="mt-2 text-muted" aria-busy="true">
                Archiving the conversation from Discord…
              </p>
            )}
          </>
        )}
      </section>
      <dl className="mt-6 grid gap-x-6 gap-y-3 sm:grid-cols-[auto_1fr]">
        <dt className="text-muted">Status</dt>
        <dd>{data.statusLabel}</dd>
        <dt className="text-muted">Budget</dt>
        <dd>{formatRobux(data.budgetRobux)}</dd>
        <dt className="text-muted">Deadline</dt>
        <dd className="break-words">{data.deadline}</dd>
        <dt className="text-muted">What you asked for</dt>
        <dd className="break-words whitespace-pre-wrap">{data.request}</dd>
      </dl>
      {data.transcript && (
        <section aria-labelledby="transcript" className="mt-10">
          <h2 id="transcript" className="text-xl font-semibold">
            Transcript
          </h2>
          <Transcript lines={data.transcript} names={data.mentionNames} />
        </section>
      )}
    </>
  );
}

/**
 * While the ticket opens, what it waits for: the capacity queue and the customer's place in
 * it, a slow opening (a restart, Discord's pace) said as still coming, or the usual moment.
 */
function OpeningState({ ticket }: { ticket: CustomerTicketDetail }) {
  const words = ticket.progress ?? 'Opening your ticket in our Discord server…';
  if (ticket.queuePosition === null) return <p aria-busy="true">{words}</p>;
  return (
    <div aria-busy="true">
      <h2 className="text-xl font-semibold">
        {ticket.queuePosition === 1
          ? 'You are next in the queue'
          : `You are number ${ticket.queuePosition} in the queue`}
      </h2>
      <p className="mt-2">{words}</p>
    </div>
  );
}

/** Discord would not add the customer to the server: why, and the invite to join by hand. */
function JoinProblem({ text }: { text: string }) {
  const { discordInviteUrl } = useSiteSettings();
  return (
    <div role="alert" className="mt-8 rounded-2xl border border-amber-400 bg-panel p-6">
      <p>{text}</p>
      <a
        href={discordInviteUrl}
        target="_blank"
        rel="noopener noreferrer"
        className={`${buttonClass('primary')} mt-4 w-full sm:w-auto`}
      >
        Join our Discord <span className="sr-only">(opens in a new tab)</span>
      </a>
    </div>
  );
}

/** One of the customer's tickets: "Your ticket is open" with its link, later its transcript. */
export default function OrderTicketPage() {
  const { number = '' } = useParams();
  return (
    <main className="mx-auto max-w-3xl px-4 pt-28 pb-16">
      <p className="text-sm">
        <Link to="/orders" className="text-lavender underline">
          Your orders
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">Your ticket</h1>
      <CustomerGate why="to see this ticket">{() => <TicketView number={number} />}</CustomerGate>
    </main>
  );
}
