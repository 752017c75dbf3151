import { type FormEvent, useState } from 'react';
import { DialogActions, DialogPanel } from '../dialog-panel';
import { useStaffMutation, useStaffQuery } from '../query';

// Accept / Reject with an optional note, in the dashboard's DialogPanel. The server records the
// first decision only; a second one answers 409 with who decided, shown here.

export function DecisionDialog({
  applicationId,
  decision,
  applicantName,
}: {
  applicationId: number;
  decision: 'accept' | 'reject';
  applicantName: string;
}) {
  const [open, setOpen] = useState(false);
  // Decided now or by someone else first (a 409, which refreshes too): either way the stored
  // decision is what to show.
  const decide = useStaffMutation(
    (note: string | undefined) => ({
      method: 'POST',
      url: `/api/staff/applications/${applicationId}/decision`,
      body: { decision, note },
    }),
    // The overview counts applications by status and lists the Discord edit it queued.
    ['/api/staff/applications', '/api/staff/overview'],
  );
  const verb = decision === 'accept' ? 'Accept' : 'Reject';
  // With the bot off (a supported way to run), the DM and the Discord edit wait in the outbox.
  const discord = useStaffQuery<{ connected: boolean }>('/api/staff/discord-status');
  const offline = discord.status === 'ready' && !discord.data.connected;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const note = new FormData(event.currentTarget).get('note');
    decide.mutate(typeof note === 'string' ? note : undefined, {
      onSuccess: () => setOpen(false),
    });
  }

  return (
    <DialogPanel
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) decide.reset();
      }}
      trigger={verb}
      triggerVariant={decision === 'accept' ? 'primary' : 'secondary'}
      title={`${verb} ${applicantName}?`}
      description={
        offline
          ? 'The decision is final. It is recorded here at once.'
          : "The decision is final and shows on the application's message in Discord."
      }
      size="confirm"
    >
      <form onSubmit={submit} className="mt-4 space-y-4">
        {offline && (
          <p className="rounded-lg border border-amber-300/50 bg-amber-950/40 p-3 text-sm">
            Discord is not connected, so {applicantName} is not told yet: Lunar sends the decision
            by Discord DM (and updates the application's Discord message) once the bot is connected.
            If they cannot wait, tell them yourself.
          </p>
        )}
        <label className="block text-sm font-medium">
          Note (optional)
          <textarea
            name="note"
            maxLength={1000}
            rows={3}
            className="mt-1 block w-full rounded-md border border-line bg-panel/60 p-2 text-sm"
          />
        </label>
        {decide.error && (
          <p role="alert" className="rounded-lg border border-red-400 bg-red-950 p-3 text-sm">
            {decide.error.message}
          </p>
        )}
        <DialogActions busy={decide.isPending} label={`${verb} application`} />
      </form>
    </DialogPanel>
  );
}
