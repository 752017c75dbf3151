import type { ChangeEvent, ReactNode } from 'react';
import { clipText } from '../../../../core/shared/text-length';

// A labelled control with its hint and error below it. The control points at both
// (aria-describedby) and reports aria-invalid, so a screen reader hears the error on focus.

const INPUT_CLASS =
  'w-full rounded-lg border border-white/25 bg-ink px-3 py-2.5 text-white placeholder:text-muted focus:border-lavender aria-[invalid=true]:border-red-400';

const LABEL_CLASS = 'mb-1.5 block text-sm font-medium';
const HINT_CLASS = 'mt-1 text-xs text-muted';

/** What a control needs to be tied to its label, hint and error. */
type ControlProps = {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
};

export function controlProps(id: string, error?: string, hint?: boolean): ControlProps {
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  };
}

export function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} className="mt-1 text-sm text-red-300">
      {error}
    </p>
  );
}

type FieldProps = {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  labelClassName?: string;
  hintClassName?: string;
  /** The control, given the props that tie it to the label, hint and error. */
  children: (control: ControlProps) => ReactNode;
};

function Field({
  id,
  label,
  error,
  hint,
  labelClassName = LABEL_CLASS,
  hintClassName = HINT_CLASS,
  children,
}: FieldProps) {
  return (
    <div>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      {children(controlProps(id, error, hint !== undefined))}
      {hint !== undefined && (
        <p id={`${id}-hint`} className={hintClassName}>
          {hint}
        </p>
      )}
      <FieldError id={id} error={error} />
    </div>
  );
}

type TextFieldProps = Omit<FieldProps, 'children'> & {
  value: string;
  onValueChange: (value: string) => void;
  name?: string;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  required?: boolean;
  /**
   * Most characters, counted like the server counts them (core/shared/text: code points of the
   * NFC form). Not the native attribute, which counts UTF-16 units and would stop an emoji-rich
   * answer at half the limit: longer input is clipped as it is typed or pasted.
   */
  maxLength?: number;
  placeholder?: string;
  autoFocus?: boolean;
  /** A <textarea> of this many rows instead of an <input>. */
  rows?: number;
  /** Added to the control's own classes. */
  className?: string;
};

/** A text input (or textarea) inside a Field. */
export function TextField({
  value,
  onValueChange,
  name,
  type = 'text',
  autoComplete,
  required,
  maxLength,
  placeholder,
  autoFocus,
  rows,
  className,
  ...field
}: TextFieldProps) {
  const shared = {
    name,
    value,
    required,
    placeholder,
    autoFocus,
    className: className ? `${INPUT_CLASS} ${className}` : INPUT_CLASS,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      onValueChange(
        maxLength === undefined ? event.target.value : clipText(event.target.value, maxLength),
      ),
  };
  return (
    <Field {...field}>
      {(control) =>
        rows ? (
          <textarea rows={rows} {...control} {...shared} />
        ) : (
          <input type={type} autoComplete={autoComplete} {...control} {...shared} />
        )
      }
    </Field>
  );
}
