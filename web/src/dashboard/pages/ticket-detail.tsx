import { Link } from 'react-router';
import type {
  TicketDetail as Ticket,
  TicketTranscriptLine,
} from '../../../../core/tickets/staff-list';
import { ApiProblem } from '../../components/ui/api-problem';
import { DiscordText } from '../display/discord-text';
import { Person, StatusBadge, When } from '../display/display';
import { formatRobux } from '../display/format';
import { statusLabel } from '../display/labels';
import { useStaffQuery } from '../query';
import { BackToList } from '../table/back-to-list';
import { TicketActions } from '../tickets/ticket-actions';
import { TicketNotes } from '../tickets/ticket-notes';

const IMAGE = /\.(png|jpe?g|gif|webp)$/i;

/** A closed ticket's messages as Discord showed them; what people typed never becomes markup. */
function Transcript({
  lines,
  names,
}: {
  lines: TicketTranscriptLine[];
  names: Record<string, string>;
}) {
  if (lines.length === 0) return <p className="text-muted">No messages.</p>;
  return (
    <ol className="space-y-3">
      {lines.map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a stored transcript never reorders
        <li key={index} className="rounded-lg border border-line p-3 text-sm">
          <p>
            <strong>{line.authorName}</strong>
            {line.authorIsBot && <span className="ml-2 text-xs text-muted">bot</span>}{' '}
            <span className="text-xs text-muted">
              <When value={line.sentAt} />
            </span>
          </p>
          {line.content && (
            <p className="mt-1 break-words whitespace-pre-wrap">
              <DiscordText text={line.content} names={names} />
            </p>
          )}
          {line.embedsText && (
            <p className="mt-1 border-l-2 border-lavender/60 pl-3 break-words whitespace-pre-wrap text-muted">
              <DiscordText text={line.embedsText} names={names} />
            </p>
          )}
          {line.attachments.map((file) => (
            <p key={`${file.name}-${file.url}`} className="mt-1 break-all">
              {/^https:\/\//.test(file.url) ? (
                <a href={file.url} rel="noopener noreferrer nofollow" className="underline">
                  {IMAGE.test(file.name) ? (
                    <img
                      src={file.url}
                      alt={file.name}
                      loading="lazy"
                      className="max-h-40 max-w-60 rounded border border-line"
                    />
                  ) : (
                    file.name
                  )}
                </a>
              ) : (
                file.name
              )}
            </p>
          ))}
        </li>
      ))}
    </ol>
  );
}

/**
 * One ticket: its facts, the actions the caller may take, its staff-only notes, its timeline
 * beside its transcript.
 */
export default function TicketDetail({ number }: { number: string }) {
  const url = `/api/staff/tickets/${encodeURIComponent(number)}`;
  const state = useStaffQuery<Ticket>({ path: url });

  return (
    <section aria-labelledby="ticket-title" className="space-y-4">
      <BackToList to="/dashboard/tickets" className="underline">
        ← All tickets
      </BackToList>
      <h1 id="ticket-title" className="text-2xl font-bold">
        {state.status === 'ready' ? state.data.name : `Ticket ${number}`}
      </h1>
      <ApiProblem
        state={state}
        loading="Loading the ticket…"
        failed="The ticket could not be loaded"
      />
      {state.status === 'ready' && (
        <>
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1">
            <dt>Status</dt>
            <dd>
              <StatusBadge kind="ticket" value={state.data.status} />
            </dd>
            <dt>Service</dt>
            <dd>{state.data.serviceLabel}</dd>
            <dt>Customer</dt>
            <dd>
              <Person name={state.data.customerName} id={state.data.customerDiscordId} /> (Roblox{' '}
              {state.data.robloxUsername})
            </dd>
            <dt>Claimed by</dt>
            <dd>
              {state.data.claimantDiscordId ? (
                <>
                  <Person name={state.data.claimantName} id={state.data.claimantDiscordId} />,{' '}
                  <When value={state.data.claimedAt} />
                </>
              ) : (
                'Nobody yet'
              )}
            </dd>
            <dt>Order</dt>
            <dd>
              {!state.data.orderStatus ? (
                'Not created yet'
              ) : state.data.orderVisible ? (
                <Link
                  to={`/dashboard/orders/${encodeURIComponent(state.data.name)}`}
                  className="underline"
                >
                  {state.data.name}: {statusLabel('order', state.data.orderStatus)}
                </Link>
              ) : (
                statusLabel('order', state.data.orderStatus)
              )}
            </dd>
            <dt>Budget</dt>
            <dd>{formatRobux(state.data.budgetRobux)}</dd>
            <dt>Deadline</dt>
            <dd className="break-words">{state.data.deadline}</dd>
            <dt>Request</dt>
            <dd className="break-words whitespace-pre-wrap">{state.data.request}</dd>
            {state.data.closeReason && (
              <>
                <dt>{state.data.status === 'failed' ? 'Failed' : 'Closed'}</dt>
                <dd className="break-words">
                  <When value={state.data.closedAt} />: {state.data.closeReason}
                </dd>
              </>
            )}
          </dl>
          <TicketActions ticket={state.data} url={url} />
          <TicketNotes number={state.data.number} />
          <div className="grid gap-6 lg:grid-cols-2">
            <section aria-labelledby="ticket-timeline">
              <h2 id="ticket-timeline" className="mb-2 text-xl font-semibold">
                Timeline
              </h2>
              <ol className="space-y-1 text-sm">
                {state.data.timeline.map((entry, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the timeline is in time order
                  <li key={index}>
                    <When value={entry.at} /> — {entry.summary}
                    {entry.actorDiscordId && (
                      <span className="text-muted">
                        {' '}
                        by <Person name={entry.actorName} id={entry.actorDiscordId} />
                      </span>
                    )}
                  </li>
                ))}
              </ol>
            </section>
            <section aria-labelledby="ticket-transcript">
              <h2 id="ticket-transcript" className="mb-2 text-xl font-semibold">
                Transcript
              </h2>
              {state.data.transcript ? (
                <Transcript lines={state.data.transcript} names={state.data.mentionNames} />
              ) : (
                <p className="text-muted">
                  {state.data.status === 'closed'
                    ? 'Being archived from Discord…'
                    : 'Stored when the ticket closes.'}
                </p>
              )}
            </section>
          </div>
        </>
      )}
    </section>
  );
}
