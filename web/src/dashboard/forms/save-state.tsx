// A form's save state in words, beside its Save button, announced as it changes: "Saving…",
// "Not saved" (the reason is in the form's alert, what was typed is kept), "Unsaved changes",
// "Saved" (or the built-in default, never saved).

export type SaveStateProps = {
  pending: boolean;
  /** The last save was refused or failed (its message shows in the form's alert). */
  failed: boolean;
  dirty: boolean;
  /** Whether anything is stored yet (else the site shows the built-in default). */
  stored: boolean;
};

export function saveStateText({ pending, failed, dirty, stored }: SaveStateProps): string {
  if (pending) return 'Saving…';
  if (failed) return 'Not saved: what you typed is kept.';
  if (dirty) return 'Unsaved changes';
  return stored ? 'Saved' : 'Built-in default (not saved yet)';
}

export function SaveState(props: SaveStateProps) {
  const text = saveStateText(props);
  const tone = props.failed
    ? 'text-red-300'
    : props.dirty || props.pending
      ? 'text-amber-200'
      : 'text-muted';
  return (
    <p role="status" className={`text-sm font-medium ${tone}`}>
      {text}
    </p>
  );
}
