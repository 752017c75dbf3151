import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { type ButtonVariant, buttonClass } from '../components/ui/button';

// The dashboard's one dialog frame (Radix: focus trapped and returned to the trigger, Escape
// closes, labelled by its title and described by its description). The caller owns `open`, so
// it can close the dialog after a save and clear what a refusal left when it closes.

/** A confirmation fits the narrow frame; a form may be taller than the screen and scrolls. */
const SIZES = {
  confirm: 'w-[min(32rem,calc(100vw-2rem))]',
  form: 'max-h-[calc(100vh-2rem)] w-[min(36rem,calc(100vw-2rem))] overflow-y-auto',
  wide: 'max-h-[calc(100vh-2rem)] w-[min(40rem,calc(100vw-2rem))] overflow-y-auto',
} as const;

export function DialogPanel({
  open,
  onOpenChange,
  trigger,
  triggerVariant,
  title,
  description,
  size,
  onCloseAutoFocus,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What the button that opens it says; none when the caller opens it (e.g. on leaving). */
  trigger?: ReactNode;
  triggerVariant?: ButtonVariant;
  title: ReactNode;
  description: ReactNode;
  size: keyof typeof SIZES;
  /** Where focus goes on closing when there is no trigger to return to (a row's menu). */
  onCloseAutoFocus?: (event: Event) => void;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger !== undefined && (
        <Dialog.Trigger className={buttonClass(triggerVariant ?? 'ghost', 'sm')}>
          {trigger}
        </Dialog.Trigger>
      )}
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/70" />
        <Dialog.Content
          onCloseAutoFocus={onCloseAutoFocus}
          className={`fixed top-1/2 left-1/2 z-50 -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-line bg-ink p-6 shadow-2xl ${SIZES[size]}`}
        >
          <Dialog.Title className="text-xl font-bold">{title}</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-muted">{description}</Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * Cancel and the dialog's action, at its foot. The action submits the dialog's form, or runs
 * `onClick` when the dialog has none.
 */
export function DialogActions({
  busy,
  label,
  busyLabel = 'Saving…',
  onClick,
  className = 'flex justify-end gap-2',
}: {
  busy: boolean;
  label: string;
  busyLabel?: string;
  onClick?: () => void;
  className?: string;
}) {
  return (
    <div className={className}>
      <Dialog.Close className={buttonClass('ghost', 'sm')}>Cancel</Dialog.Close>
      <button
        type={onClick ? 'button' : 'submit'}
        disabled={busy}
        className={buttonClass('primary', 'sm')}
        onClick={onClick}
      >
        {busy ? busyLabel : label}
      </button>
    </div>
  );
}
