import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import type {
  TicketDetail as Ticket,
  TicketTranscriptLine,
} from '../../../../core/tickets/staff-list';
import { ApiProblem } from '../../components/ui/api-problem';
import { TextField } from '../../components/ui/field';
import { DialogActions, DialogPanel } from '../dialog-panel';
import { DiscordText } from '../display/discord-text';
import { Person, StatusBadge, When } from '../display/display';
import { formatRobux } from '../display/format';
import { statusLabel } from '../display/labels';
import { SendFailed, useStaffMutation, useStaffQuery } from '../query';
import { BackToList } from '../table/back-to-list';
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

/** A write behind a one-field dialog: reassign (to whom) or force-close (why). */
function ActionDialog({
  trigger,
  title,
  description,
  field,
  label,
  hint,
  run,
}: {
  trigger: string;
  title: string;
  description: string;
  field: string;
  label: string;
  hint?: string;
  run: (value: string) => Promise<unknown>;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await run(value);
      setOpen(false);
      setValue('');
    } catch (failure) {
      if (failure instanceof SendFailed) {
        setError({ message: failure.message, field: failure.fieldErrors[field] });
      } else setError({ message: 'Something went wrong.' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <DialogPanel
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setError(null);
      }}
      trigger={trigger}
      triggerVariant="secondary"
      title={title}
      description={description}
      size="form"
    >
      <form noValidate onSubmit={submit} className="mt-4 space-y-4">
        <TextField
          id={`${id}-${field}`}
          name={field}
          label={label}
          hint={hint}
          required
          value={value}
          error={error?.field}
          onValueChange={setValue}
        />
        {error && !error.field && (
          <p role="alert" className="rounded-lg border border-red-400 bg-red-950 p-3 text-sm">
            {error.message}
          </p>
        )}
        <DialogActions busy={busy} label={trigger} busyLabel="Saving…" />
      </form>
    </DialogPanel>
  );
}

type Designers = { designers: { discordId: string; name: string }[] };

/** Reassign: the designer picked by name from everyone a ticket can be given to. */
function ReassignDialog({
  ticket,
  run,
}: {
  ticket: Ticket;
  run: (to: string) => Promise<unknown>;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [to, setTo] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const list = useStaffQuery<Designers>(
    { path: '/api/staff/tickets/designers' },
    { enabled: open },
  );
  const choices = (list.data?.designers ?? []).filter(
    (person) => person.discordId !== ticket.claimantDiscordId,
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!to) return setError('Pick a designer.');
    setBusy(true);
    setError(null);
    try {
      await run(to);
      setOpen(false);
      setTo('');
    } catch (failure) {
      setError(failure instanceof SendFailed ? failure.message : 'Something went wrong.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <DialogPanel
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setError(null);
      }}
      trigger="Reassign"
      triggerVariant="secondary"
      title={`Reassign ${ticket.name}`}
      description="The designer becomes the ticket's claimant, as the Reassign button in Discord does."
      size="form"
    >
      <form noValidate onSubmit={submit} className="mt-4 space-y-4">
        <label htmlFor={`${id}-to`} className="flex flex-col gap-1">
          Designer
          <select
            id={`${id}-to`}
            value={to}
            onChange={(event) => setTo(event.target.value)}
            className="rounded-md border border-line bg-ink px-2 py-2"
          >
            <option value="">{list.status === 'ready' ? 'Choose…' : 'Loading…'}</option>
            {choices.map((person) => (
              <option key={person.discordId} value={person.discordId}>
                {person.name}
              </option>
            ))}
          </select>
        </label>
        {error && (
          <p role="alert" className="rounded-lg border border-red-400 bg-red-950 p-3 text-sm">
            {error}
          </p>
        )}
        <DialogActions busy={busy} label="Reassign" busyLabel="Saving…" />
      </form>
    </DialogPanel>
  );
}

/**
 * One ticket: its facts, the actions the caller may take, its staff-only notes, its timeline
 * beside its transcript.
 */
export default function TicketDetail({ number }: { number: string }) {
  const url = `/api/staff/tickets/${encodeURIComponent(number)}`;
  const state = useStaffQuery<Ticket>({ path: url });
  const reassign = useStaffMutation(
    (to: string) => ({ method: 'POST', url: `${url}/reassign`, body: { to } }),
    ['/api/staff/tickets'],
  );
  const forceClose = useStaffMutation(
    (reason: string) => ({ method: 'POST', url: `${url}/force-close`, body: { reason } }),
    ['/api/staff/tickets'],
  );

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
          {state.data.actions.length > 0 && (
            <div className="flex flex-wrap gap-2">
              {state.data.actions.includes('reassign') && (
                <ReassignDialog ticket={state.data} run={(to) => reassign.mutateAsync(to)} />
              )}
              {state.data.actions.includes('forceClose') && (
                <ActionDialog
                  trigger="Force close"
                  title={`Force close ${state.data.name}`}
                  description="The ticket closes without the customer's confirmation; its transcript is stored and its channel deleted."
                  field="reason"
                  label="Reason"
                  run={(reason) => forceClose.mutateAsync(reason)}
                />
              )}
            </div>
          )}
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
