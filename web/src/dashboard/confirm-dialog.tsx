import { type FormEvent, type ReactNode, useState } from 'react';
import type { ButtonVariant } from '../components/ui/button';
import { DialogActions, DialogPanel } from './dialog-panel';
import { SendFailed } from './query';

// A button that asks before it does something that cannot be taken back (remove a member,
// delete a category, force-close a ticket), in the dashboard's dialog frame: the question says
// what happens, the dialog may ask for a field or two (a reason, a designer), the action runs
// the caller's write (a useStaffMutation), a refusal stays in the dialog with the server's
// words, and success closes it. The dialogs of the dashboard all go through here, so they
// behave alike.

/** What the last try was refused with: the message, and the server's words per field. */
export type ConfirmFailure = { message: string; fieldErrors: Record<string, string> };

export function ConfirmDialog({
  trigger,
  triggerVariant = 'ghost',
  title,
  description,
  confirmLabel,
  busyLabel = 'Removing…',
  size = 'confirm',
  check,
  run,
  onOpenChange,
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
  /** `form` when the dialog asks for fields: wider, and it scrolls on a short screen. */
  size?: 'confirm' | 'form';
  /** Checks the fields before anything is sent: what is wrong, in words, or null. */
  check?: () => string | null;
  /** The write; rejects with SendFailed when the server refuses it. */
  run: () => Promise<unknown>;
  /** Told when the dialog opens or closes (a save closes it): to load choices, clear fields. */
  onOpenChange?: (open: boolean) => void;
  /**
   * More to read under the description (e.g. the members it affects), or the fields, given the
   * last refusal so each field can show the server's words beside it.
   */
  children?: ReactNode | ((failure: ConfirmFailure | null) => ReactNode);
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<ConfirmFailure | null>(null);

  function changeOpen(next: boolean) {
    setOpen(next);
    if (!next) setFailure(null);
    onOpenChange?.(next);
  }

  async function confirm(event: FormEvent) {
    event.preventDefault();
    const problem = check?.() ?? null;
    if (problem) return setFailure({ message: problem, fieldErrors: {} });
    setBusy(true);
    setFailure(null);
    try {
      await run();
      changeOpen(false);
    } catch (error) {
      setFailure(
        error instanceof SendFailed
          ? { message: error.message, fieldErrors: error.fieldErrors }
          : { message: 'Something went wrong.', fieldErrors: {} },
      );
    } finally {
      setBusy(false);
    }
  }

  // Fields given the refusal show their own words; the alert says the rest.
  const fieldsShowIt =
    typeof children === 'function' && Object.keys(failure?.fieldErrors ?? {}).length > 0;
  return (
    <DialogPanel
      open={open}
      onOpenChange={changeOpen}
      trigger={trigger}
      triggerVariant={triggerVariant}
      title={title}
      description={description}
      size={size}
    >
      <form noValidate onSubmit={(event) => void confirm(event)}>
        {typeof children === 'function' ? children(failure) : children}
        {failure && !fieldsShowIt && (
          <p role="alert" className="mt-4 rounded-lg border border-red-400 bg-red-950 p-3 text-sm">
            {failure.message}
          </p>
        )}
        <DialogActions
          className="mt-6 flex justify-end gap-2"
          busy={busy}
          label={confirmLabel}
          busyLabel={busyLabel}
        />
      </form>
    </DialogPanel>
  );
}
