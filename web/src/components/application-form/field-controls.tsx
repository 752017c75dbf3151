import type { ReactNode } from 'react';

// Every control is labelled, points at its hint and error, and reports aria-invalid, so a
// screen reader hears the spec's message when focus lands on the first invalid field.
export const fieldId = (name: string) => `application-${name}`;

type FieldProps = {
  name: string;
  label: string;
  error?: string;
  hint?: ReactNode;
};

function describedBy(name: string, error: string | undefined, extra: (string | false)[] = []) {
  const ids = [error && `${fieldId(name)}-error`, ...extra].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

function FieldError({ name, error }: { name: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={`${fieldId(name)}-error`} className="mt-1.5 text-sm text-red-300">
      {error}
    </p>
  );
}

const inputClass =
  'mt-1.5 w-full rounded-lg border bg-ink px-3 py-2 text-white placeholder:text-muted/70 focus:border-lavender';
const borderClass = (error?: string) => (error ? 'border-red-400' : 'border-line');

export function TextField({
  name,
  label,
  error,
  value,
  maxLength,
  onChange,
}: FieldProps & { value: string; maxLength: number; onChange: (value: string) => void }) {
  const id = fieldId(name);
  return (
    <div>
      <label htmlFor={id} className="block font-medium">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="text"
        value={value}
        maxLength={maxLength}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(name, error)}
        onChange={(event) => onChange(event.target.value)}
        className={`${inputClass} ${borderClass(error)}`}
      />
      <FieldError name={name} error={error} />
    </div>
  );
}

export function TextAreaField({
  name,
  label,
  error,
  value,
  minLength,
  maxLength,
  placeholder,
  onChange,
}: FieldProps & {
  value: string;
  minLength?: number;
  maxLength: number;
  placeholder?: string;
  onChange: (value: string) => void;
}) {
  const id = fieldId(name);
  const length = value.trim().length;
  const countText = minLength
    ? `${length} / ${minLength} characters minimum`
    : `${length} / ${maxLength} characters`;
  return (
    <div>
      <label htmlFor={id} className="block font-medium">
        {label}
        {!minLength && <span className="ml-1 text-sm font-normal text-muted">(optional)</span>}
      </label>
      <textarea
        id={id}
        name={name}
        value={value}
        rows={4}
        maxLength={maxLength}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(name, error, [`${id}-count`])}
        onChange={(event) => onChange(event.target.value)}
        className={`${inputClass} ${borderClass(error)} resize-y`}
      />
      <p
        id={`${id}-count`}
        className={`mt-1 text-right text-xs ${
          minLength && length >= minLength ? 'text-emerald-300' : 'text-muted'
        }`}
      >
        {countText}
      </p>
      <FieldError name={name} error={error} />
    </div>
  );
}

export function SliderField({
  name,
  label,
  error,
  hint,
  value,
  min,
  max,
  unit,
  onChange,
}: FieldProps & {
  value: number;
  min: number;
  max: number;
  unit?: string;
  onChange: (value: number) => void;
}) {
  const id = fieldId(name);
  const valueText = unit ? `${value} ${unit}` : String(value);
  return (
    <div>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4">
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
        <output
          htmlFor={id}
          id={`${id}-value`}
          className="font-semibold whitespace-nowrap text-lavender"
        >
          {valueText}
        </output>
      </div>
      <input
        id={id}
        name={name}
        type="range"
        min={min}
        max={max}
        step={1}
        value={value}
        aria-valuetext={valueText}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(name, error, [!!hint && `${id}-hint`])}
        onChange={(event) => onChange(Number(event.target.value))}
        className="mt-2 w-full accent-lavender"
      />
      <div className="flex justify-between text-xs text-muted" aria-hidden="true">
        <span>{min}</span>
        <span>{max}</span>
      </div>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      )}
      <FieldError name={name} error={error} />
    </div>
  );
}

export function CheckboxField({
  name,
  label,
  error,
  checked,
  onChange,
}: FieldProps & { checked: boolean; onChange: (checked: boolean) => void }) {
  const id = fieldId(name);
  return (
    <div>
      <div className="flex items-center gap-3">
        <input
          id={id}
          name={name}
          type="checkbox"
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(name, error)}
          onChange={(event) => onChange(event.target.checked)}
          className="size-5 accent-lavender"
        />
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
      </div>
      <FieldError name={name} error={error} />
    </div>
  );
}
