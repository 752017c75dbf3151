import { type ReactNode, useState } from 'react';
import type { ButtonVariant } from '../components/ui/button';
import { DialogActions, DialogPanel } from './dialog-panel';
import { SendFailed } from './query';

// A button that asks before it does something that cannot be taken back (remove a member,
// delete a category or a portfolio), in the dashboard's dialog frame: the question says what
// happens, the action runs the caller's write (a useStaffMutation), a refusal stays in the
// dialog with the server's words, and success closes it.

export function ConfirmDialog({
  trigger,
  triggerVariant = 'ghost',
  title,
  description,
  confirmLabel,
  busyLabel = 'Removing…',
  run,
  children,
}: {
  /** The button's words, with an sr-only part naming what it acts on. */
  trigger: ReactNode;
  triggerVariant?: ButtonVariant;
  title: ReactNode;
  /** What happens, in words (e.g. what becomes of the members of a deleted category). */
  description: ReactNode;
  confirmLabel: string;
  busyLabel?: string;
  /** The write; rejects with SendFailed when the server refuses it. */
  run: () => Promise<unknown>;
  /** More to read under the description (e.g. the members it affects). */
  children?: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      await run();
      setOpen(false);
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
      trigger={trigger}
      triggerVariant={triggerVariant}
      title={title}
      description={description}
      size="confirm"
    >
      {children}
      {error && (
        <p role="alert" className="mt-4 rounded-lg border border-red-400 bg-red-950 p-3 text-sm">
          {error}
        </p>
      )}
      <DialogActions
        className="mt-6 flex justify-end gap-2"
        busy={busy}
        label={confirmLabel}
        busyLabel={busyLabel}
        onClick={() => void confirm()}
      />
    </DialogPanel>
  );
}
