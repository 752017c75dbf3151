import { type ReactNode, useId } from 'react';

// An on/off setting (a plan's "Most popular" badge): a button with role="switch", so screen
// readers say "on" or "off" and Space or Enter flips it.

export function Switch({
  label,
  checked,
  onChange,
  hint,
}: {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: string;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onClick={() => onChange(!checked)}
        className={`relative mt-0.5 inline-flex h-6 w-11 shrink-0 items-center rounded-full border transition-colors ${
          checked ? 'border-lavender bg-lavender' : 'border-line bg-panel'
        }`}
      >
        <span
          aria-hidden="true"
          className={`inline-block size-4 rounded-full bg-white shadow transition-transform ${
            checked ? 'translate-x-6' : 'translate-x-1'
          }`}
        />
      </button>
      <span>
        <span id={`${id}-label`} className="block text-sm font-medium">
          {label}
        </span>
        {hint && (
          <span id={`${id}-hint`} className="block text-xs text-muted">
            {hint}
          </span>
        )}
      </span>
    </div>
  );
}
