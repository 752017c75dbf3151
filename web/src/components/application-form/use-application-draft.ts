import { useEffect, useRef } from 'react';
import type { ApplicationType } from '../../../../core/applications';
import type { FormValues } from './step-fields';

export type Draft = { values: FormValues; step: number };

const draftKey = (type: ApplicationType) => `lunar:application-draft:${type}`;

/**
 * Keeps the answers (never the images) in localStorage so a reload mid-way loses nothing.
 * The draft is read after hydration, so the server's HTML and the first client render match.
 */
export function useApplicationDraft(
  type: ApplicationType,
  /** null once submitted: nothing more to keep. */
  draft: Draft | null,
  restore: (draft: Draft) => void,
) {
  const restored = useRef(false);
  const restoreRef = useRef(restore);
  restoreRef.current = restore;

  useEffect(() => {
    const saved = readDraft(type);
    if (saved) restoreRef.current(saved);
  }, [type]);

  useEffect(() => {
    // The first run sees the empty form from before the restore: saving it would erase the draft.
    if (!restored.current) {
      restored.current = true;
      return;
    }
    if (!draft) return;
    try {
      localStorage.setItem(draftKey(type), JSON.stringify(draft));
    } catch {
      // Private mode or a full quota: the form still works, only without a draft.
    }
  }, [type, draft]);
}

export function clearApplicationDraft(type: ApplicationType) {
  try {
    localStorage.removeItem(draftKey(type));
  } catch {
    // Nothing to clear when storage is unavailable.
  }
}

function readDraft(type: ApplicationType): Draft | null {
  try {
    const raw = localStorage.getItem(draftKey(type));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<Draft>;
    if (typeof parsed !== 'object' || parsed === null || typeof parsed.values !== 'object')
      return null;
    return {
      values: parsed.values ?? {},
      step: Number.isInteger(parsed.step) ? Number(parsed.step) : 0,
    };
  } catch {
    return null;
  }
}
