import { useId, useState } from 'react';
import type { TicketDetail } from '../../../../core/tickets/staff-list';
import { TextField } from '../../components/ui/field';
import { ConfirmDialog } from '../confirm-dialog';
import { useStaffMutation, useStaffQuery } from '../query';

// What leads and executives may do to a ticket from its dashboard page, as the buttons in
// Discord do: reassign it to another designer, or force-close it with a reason. Each offered
// only when the server says the caller may (TicketDetail.actions).

type Designers = { designers: { discordId: string; name: string }[] };

/** Reassign: the designer picked by name from everyone a ticket can be given to. */
function ReassignDialog({ ticket, url }: { ticket: TicketDetail; url: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [to, setTo] = useState('');
  const reassign = useStaffMutation(
    (designer: string) => ({ method: 'POST', url: `${url}/reassign`, body: { to: designer } }),
    ['/api/staff/tickets'],
  );
  // Loaded when the dialog opens: most visits to a ticket reassign nothing.
  const list = useStaffQuery<Designers>(
    { path: '/api/staff/tickets/designers' },
    { enabled: open },
  );
  const choices = (list.data?.designers ?? []).filter(
    (person) => person.discordId !== ticket.claimantDiscordId,
  );
  return (
    <ConfirmDialog
      trigger="Reassign"
      triggerVariant="secondary"
      title={`Reassign ${ticket.name}`}
      description="The designer becomes the ticket's claimant, as the Reassign button in Discord does."
      confirmLabel="Reassign"
      busyLabel="Saving…"
      size="form"
      check={() => (to ? null : 'Pick a designer.')}
      run={() => reassign.mutateAsync(to)}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setTo('');
      }}
    >
      <label htmlFor={`${id}-to`} className="mt-4 flex flex-col gap-1">
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
    </ConfirmDialog>
  );
}

/** Force close: the ticket closes without the customer, for the reason given. */
function ForceCloseDialog({ ticket, url }: { ticket: TicketDetail; url: string }) {
  const id = useId();
  const [reason, setReason] = useState('');
  const forceClose = useStaffMutation(
    (why: string) => ({ method: 'POST', url: `${url}/force-close`, body: { reason: why } }),
    ['/api/staff/tickets'],
  );
  return (
    <ConfirmDialog
      trigger="Force close"
      triggerVariant="secondary"
      title={`Force close ${ticket.name}`}
      description="The ticket closes without the customer's confirmation; its transcript is stored and its channel deleted."
      confirmLabel="Force close"
      busyLabel="Saving…"
      size="form"
      run={() => forceClose.mutateAsync(reason)}
      onOpenChange={(next) => {
        if (!next) setReason('');
      }}
    >
      {(failure) => (
        <div className="mt-4">
          <TextField
            id={`${id}-reason`}
            name="reason"
            label="Reason"
            required
            value={reason}
            error={failure?.fieldErrors.reason}
            onValueChange={setReason}
          />
        </div>
      )}
    </ConfirmDialog>
  );
}

/** The ticket's actions the caller may take; nothing when there are none. */
export function TicketActions({ ticket, url }: { ticket: TicketDetail; url: string }) {
  if (ticket.actions.length === 0) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {ticket.actions.includes('reassign') && <ReassignDialog ticket={ticket} url={url} />}
      {ticket.actions.includes('forceClose') && <ForceCloseDialog ticket={ticket} url={url} />}
    </div>
  );
}
