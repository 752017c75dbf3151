import * as Dialog from '@radix-ui/react-dialog';
import { type FormEvent, useState } from 'react';
import { buttonClass } from '../../components/ui/button';
import { useStaffMutation } from '../query';

// Accept / Reject with an optional note (Radix Dialog: focus trapped and returned, Escape
// closes, labelled by its title). The server records the first decision only; a second one
// answers 409 with who decided, shown here.

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
  // Decided now or by someone else first (409): either way the stored decision is what to show.
  const decide = useStaffMutation(
    (note: string | undefined) => ({
      method: 'POST',
      url: `/api/staff/applications/${applicationId}/decision`,
      body: { decision, note },
    }),
    // The overview counts applications by status and lists the Discord edit it queued.
    ['/api/staff/applications', '/api/staff/overview'],
    { alsoAfter: [409] },
  );
  const verb = decision === 'accept' ? 'Accept' : 'Reject';

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const note = new FormData(event.currentTarget).get('note');
    decide.mutate(typeof note === 'string' ? note : undefined, {
      onSuccess: () => setOpen(false),
    });
  }

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) decide.reset();
      }}
    >
      <Dialog.Trigger
        className={buttonClass(decision === 'accept' ? 'primary' : 'secondary', 'sm')}
      >
        {verb}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/70" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-line bg-ink p-6 shadow-2xl">
          <Dialog.Title className="text-xl font-bold">
            {verb} {applicantName}?
          </Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-muted">
            The decision is final and shows on the application's message in Discord.
          </Dialog.Description>
          <form onSubmit={submit} className="mt-4 space-y-4">
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
            <div className="flex justify-end gap-2">
              <Dialog.Close className={buttonClass('ghost', 'sm')}>Cancel</Dialog.Close>
              <button
                type="submit"
                disabled={decide.isPending}
                className={buttonClass('primary', 'sm')}
              >
                {decide.isPending ? 'Saving…' : `${verb} application`}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
