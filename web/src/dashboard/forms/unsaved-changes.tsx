import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from 'react';
import { useBlocker } from 'react-router';
import { DialogActions, DialogPanel } from '../dialog-panel';

// Leaving a form with unsaved changes asks first: inside the app (a link, Back) with the
// router's blocker and the dashboard's dialog; closing or reloading the tab with the browser's
// own `beforeunload` prompt (the only one a page may show there). Forms report whether they
// hold unsaved changes with useUnsavedChanges; one guard for the dashboard holds them all
// (react-router allows one blocker at a time).

type Report = (form: string, dirty: boolean) => void;
const UnsavedChangesContext = createContext<Report | null>(null);

export function UnsavedChangesGuard({ children }: { children: ReactNode }) {
  const [dirty, setDirty] = useState<readonly string[]>([]);
  const report = useCallback<Report>((form, isDirty) => {
    setDirty((forms) => {
      const has = forms.includes(form);
      if (isDirty === has) return forms;
      return isDirty ? [...forms, form] : forms.filter((one) => one !== form);
    });
  }, []);
  const unsaved = dirty.length > 0;
  // A jump within the page (#hero) leaves nothing: only another path or query asks.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsaved &&
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (!unsaved) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [unsaved]);

  return (
    <UnsavedChangesContext.Provider value={report}>
      {children}
      <DialogPanel
        open={blocker.state === 'blocked'}
        onOpenChange={(open) => {
          if (!open && blocker.state === 'blocked') blocker.reset();
        }}
        title="Leave without saving?"
        description={`Your changes to ${dirty.join(', ')} are not saved. If you leave now, they are lost.`}
        size="confirm"
      >
        <DialogActions
          className="mt-6 flex justify-end gap-2"
          busy={false}
          label="Leave without saving"
          onClick={() => blocker.state === 'blocked' && blocker.proceed()}
        />
      </DialogPanel>
    </UnsavedChangesContext.Provider>
  );
}

/** Tells the guard that `form` (its name in words, e.g. "Hero") holds unsaved changes. */
export function useUnsavedChanges(form: string, dirty: boolean): void {
  const report = useContext(UnsavedChangesContext);
  useEffect(() => {
    report?.(form, dirty);
  }, [report, form, dirty]);
  // Gone from the page (saved elsewhere, or left after the question): nothing to keep.
  useEffect(() => () => report?.(form, false), [report, form]);
}
