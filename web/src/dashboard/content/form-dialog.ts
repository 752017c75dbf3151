import { useState } from 'react';

/**
 * Whether a Site content dialog (DialogPanel) is open. Closing it, by Cancel or after a save,
 * runs `onClosed` (the form's mutations reset), so it opens again without the last refusal.
 */
export function useFormDialog(onClosed: () => void) {
  const [open, setOpen] = useState(false);
  function onOpenChange(next: boolean) {
    setOpen(next);
    if (!next) onClosed();
  }
  return { open, onOpenChange, close: () => onOpenChange(false) };
}
