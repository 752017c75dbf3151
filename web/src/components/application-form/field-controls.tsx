import type { ReactNode } from 'react';
import { measureText } from '../../../../core/shared/text-length';
import { controlProps, FieldError, TextField as UiTextField } from '../ui/field';

// Every control is labelled, points at its hint and error, and reports aria-invalid, so a
// screen reader hears the spec's message when focus lands on the first invalid field.
export const fieldId = (name: string) => `application-${name}`;

type FieldProps = {
  name: string;
  label: string;
  error?: string;
  hint?: ReactNode;
};

// The questions are the form's content, so their labels read at body size.
const LABEL_CLASS = 'mb-1.5 block font-medium';

export function TextField({
  name,
  label,
  error,
  value,
  maxLength,
  onChange,
}: FieldProps & { value: string; maxLength: number; onChange: (value: string) => void }) {
  return (
    <UiTextField
      id={fieldId(name)}
      name={name}
      label={label}
      labelClassName={LABEL_CLASS}
      error={error}
      value={value}
      maxLength={maxLength}
      autoComplete="off"
      onValueChange={onChange}
    />
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
  question,
  onChange,
}: FieldProps & {
  value: string;
  minLength?: number;
  maxLength: number;
  placeholder?: string;
  /** Shown under the label, as part of it: what the answer responds to. */
  question?: string;
  onChange: (value: string) => void;
}) {
  // Counted as the server counts (core/shared/text), so 100 / 100 here is 100 there.
  const length = measureText(value.trim());
  const countText = minLength
    ? `${length} / ${minLength} characters minimum`
    : `${length} / ${maxLength} characters`;
  return (
    <UiTextField
      id={fieldId(name)}
      name={name}
      label={
        <>
          {label}
          {!minLength && <span className="ml-1 text-sm font-normal text-muted">(optional)</span>}
          {question && <span className="mt-0.5 block font-normal text-white/80">{question}</span>}
        </>
      }
      labelClassName={LABEL_CLASS}
      hint={countText}
      hintClassName={`mt-1 text-right text-xs ${
        minLength && length >= minLength ? 'text-emerald-300' : 'text-muted'
      }`}
      error={error}
      value={value}
      rows={4}
      maxLength={maxLength}
      placeholder={placeholder}
      className="resize-y"
      onValueChange={onChange}
    />
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
        {...controlProps(id, error, !!hint)}
        name={name}
        type="range"
        min={min}
        max={max}
        step={1}
        value={value}
        aria-valuetext={valueText}
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
      <FieldError id={id} error={error} />
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
          {...controlProps(id, error)}
          name={name}
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          className="size-5 accent-lavender"
        />
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
      </div>
      <FieldError id={id} error={error} />
    </div>
  );
}
