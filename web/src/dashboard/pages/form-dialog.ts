import { useState } from 'react';
import { type FormState, IDLE } from './content-field';

/**
 * A Site content dialog with a form (DialogPanel): whether it is open and where its form is.
 * Closing, by Cancel or after a save, leaves the form idle: it opens again without the last
 * refusal's errors.
 */
export function useFormDialog() {
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<FormState>(IDLE);
  function onOpenChange(next: boolean) {
    setOpen(next);
    if (!next) setState(IDLE);
  }
  return { open, onOpenChange, close: () => onOpenChange(false), state, setState };
}
