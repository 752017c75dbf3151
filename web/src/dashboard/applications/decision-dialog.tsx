import * as Dialog from '@radix-ui/react-dialog';
import { type FormEvent, useState } from 'react';
import { buttonClass } from '../../components/ui/button';
import { sendJson } from '../../data/post-json';
import { useInvalidate } from '../../data/use-api';

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
  const [state, setState] = useState<{ busy: boolean; error?: string }>({ busy: false });
  const invalidate = useInvalidate();
  const verb = decision === 'accept' ? 'Accept' : 'Reject';

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const note = new FormData(event.currentTarget).get('note');
    setState({ busy: true });
    const result = await sendJson('POST', `/api/staff/applications/${applicationId}/decision`, {
      decision,
      note: typeof note === 'string' ? note : undefined,
    });
    // Decided now or by someone else first: either way the stored decision is what to show.
    if (result.ok || result.status === 409) await invalidate('/api/staff/applications');
    if (result.ok) {
      setState({ busy: false });
      setOpen(false);
      return;
    }
    setState({ busy: false, error: result.message });
  }

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setState({ busy: false });
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
            {state.error && (
              <p role="alert" className="rounded-lg border border-red-400 bg-red-950 p-3 text-sm">
                {state.error}
              </p>
            )}
            <div className="flex justify-end gap-2">
              <Dialog.Close className={buttonClass('ghost', 'sm')}>Cancel</Dialog.Close>
              <button type="submit" disabled={state.busy} className={buttonClass('primary', 'sm')}>
                {state.busy ? 'Saving…' : `${verb} application`}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
