import { type ReactNode, useId } from 'react';
import type { FieldErrors } from '../../../../core/shared/field-errors';
import type { SendFailed } from '../query';

// A labelled field of the Site content forms, with its error (by field path, from the core
// schema's check in the browser or the server's refusal) beside it and tied to it for screen
// readers. Uncontrolled (`name` + `defaultValue`, read from the form on submit) in dialogs, or
// controlled (`value` + `onChange`) in the row editors.

export const inputClass =
  'mt-1 block w-full rounded-md border border-line bg-panel/60 p-2 text-sm aria-[invalid=true]:border-red-400';

type Control =
  | { name: string; defaultValue: string; value?: undefined; onChange?: undefined }
  | { value: string; onChange: (value: string) => void; name?: string; defaultValue?: undefined };

type FieldProps = Control & {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** A textarea of this many rows instead of a one-line input. */
  rows?: number;
  type?: 'text' | 'date' | 'number' | 'email' | 'url';
  min?: number;
  max?: number;
  /** Where focus goes after a row is added (row-list.ts). */
  focusKey?: string;
};

export function Field({
  label,
  error,
  hint,
  rows,
  type = 'text',
  min,
  max,
  focusKey,
  ...control
}: FieldProps) {
  const id = useId();
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  const shared = {
    id,
    name: control.name,
    className: inputClass,
    'data-focus': focusKey,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
    ...(control.onChange
      ? {
          value: control.value,
          onChange: (event: { target: { value: string } }) => control.onChange(event.target.value),
        }
      : { defaultValue: control.defaultValue }),
  };
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {rows ? (
        <textarea rows={rows} {...shared} />
      ) : (
        <input type={type} {...shared} {...(type === 'number' && { min, max, step: 1 })} />
      )}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}

/** One field of a dialog's form: its name (the schema's path), label and stored value. */
type FieldRow = {
  name: string;
  label: string;
  value: string | null | undefined;
  rows?: number;
};

/** An uncontrolled Field per row, each with the error for its name. */
export function Fields({ rows, fieldErrors }: { rows: FieldRow[]; fieldErrors: FieldErrors }) {
  return rows.map((row) => (
    <Field
      key={row.name}
      name={row.name}
      label={row.label}
      defaultValue={row.value ?? ''}
      error={fieldErrors[row.name]}
      rows={row.rows}
    />
  ));
}

/** The form's own message (a refusal, or what to fix), announced when it appears. */
export function FormMessage({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-lg border border-red-400 bg-red-950 p-3 text-sm">
      {message}
    </p>
  );
}

/** A form's errors after a refused write (none before): the server's message and fields. */
export function refusal(error: SendFailed | null): { message?: string; fieldErrors: FieldErrors } {
  return error ? { message: error.message, fieldErrors: error.fieldErrors } : { fieldErrors: {} };
}

/** Said when the form's own check (the core schema) finds fields to fix before sending. */
export const FIX_FIELDS_MESSAGE = 'Some fields need attention: each says what to change.';
