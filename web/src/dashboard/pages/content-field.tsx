import { useId } from 'react';

// A labelled text field of the Site content forms, its server error (by field path) under it
// and tied to it for screen readers; Fields lays out several from a list.

export const inputClass = 'mt-1 block w-full rounded-md border border-line bg-panel/60 p-2 text-sm';

/** Where a form is: saving, and the server's message and field errors of the last refusal. */
export type FormState = { busy: boolean; message?: string; fieldErrors: Record<string, string> };
export const IDLE: FormState = { busy: false, fieldErrors: {} };
export const SAVING: FormState = { busy: true, fieldErrors: {} };

/** Where a form is after the server refused it: its message and field errors shown. */
export function refusedState(result: {
  message: string;
  fieldErrors: Record<string, string>;
}): FormState {
  return { busy: false, message: result.message, fieldErrors: result.fieldErrors };
}

export function Field({
  name,
  label,
  defaultValue,
  error,
  multiline,
}: {
  name: string;
  label: string;
  defaultValue: string;
  error?: string;
  multiline?: boolean;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const shared = {
    id,
    name,
    defaultValue,
    className: inputClass,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
  };
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {multiline ? <textarea rows={3} {...shared} /> : <input type="text" {...shared} />}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}

/** One field of a form: its name (the schema's path), label and stored value (none: empty). */
export type FieldRow = {
  name: string;
  label: string;
  value: string | null | undefined;
  multiline?: boolean;
};

/** A Field per row, each with the server's error for its name. */
export function Fields({
  rows,
  fieldErrors,
}: {
  rows: FieldRow[];
  fieldErrors: Record<string, string>;
}) {
  return rows.map((row) => (
    <Field
      key={row.name}
      name={row.name}
      label={row.label}
      defaultValue={row.value ?? ''}
      error={fieldErrors[row.name]}
      multiline={row.multiline}
    />
  ));
}

/** The form's own message (a refusal), announced when it appears. */
export function FormMessage({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-lg border border-red-400 bg-red-950 p-3 text-sm">
      {message}
    </p>
  );
}
