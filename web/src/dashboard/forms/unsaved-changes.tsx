import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from 'react';
import { UNSAFE_NavigationContext } from 'react-router';
import type { GuardedHistory } from '../../navigation-guard';
import { DialogActions, DialogPanel } from '../dialog-panel';

// Leaving a form with unsaved changes asks first: inside the app (a link, Back) through the
// history's guard (web/src/navigation-guard.ts) and the dashboard's dialog; closing or reloading the tab with the browser's
// own `beforeunload` prompt (the only one a page may show there). Forms report whether they
// hold unsaved changes with useUnsavedChanges; one guard for the dashboard holds them all
// (the history holds one guard at a time).

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
  // The navigation waiting for an answer; a jump within the page (#hero) is never held.
  const [leave, setLeave] = useState<(() => void) | null>(null);
  // Bumped after a navigation let through, so a form still open after it is guarded again.
  const [round, setRound] = useState(0);
  // The browser's router runs on a GuardedHistory (hydrate.tsx); the server's and tests'
  // routers have no guard, and nothing is held there.
  const history = useContext(UNSAFE_NavigationContext).navigator as GuardedHistory;
  const setGuard = useCallback(
    (guard: GuardedHistory['guard']) => {
      history.guard = guard;
    },
    [history],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` sets the guard again
  useEffect(() => {
    if (!unsaved) return;
    setGuard((go) => setLeave(() => go));
    return () => setGuard(null);
  }, [unsaved, round, setGuard]);
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
        open={leave !== null}
        onOpenChange={(open) => {
          if (!open) setLeave(null);
        }}
        title="Leave without saving?"
        description={`Your changes to ${dirty.join(', ')} are not saved. If you leave now, they are lost.`}
        size="confirm"
      >
        <DialogActions
          className="mt-6 flex justify-end gap-2"
          busy={false}
          label="Leave without saving"
          onClick={() => {
            const go = leave;
            setLeave(null);
            // Let this one through: the forms it leaves unmount and clear the guard.
            setGuard(null);
            go?.();
            setRound((n) => n + 1);
          }}
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
