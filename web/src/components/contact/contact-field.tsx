import type { ChangeEvent } from 'react';

const INPUT =
  'w-full rounded-lg border border-white/25 bg-ink px-3 py-2.5 text-white placeholder:text-muted focus:border-lavender aria-[invalid=true]:border-red-400';

type Props = {
  id: string;
  name: string;
  label: string;
  value: string;
  maxLength: number;
  error?: string;
  type?: 'text' | 'email';
  autoComplete?: string;
  multiline?: boolean;
  onChange: (value: string) => void;
};

/** A required, labelled field with its server-side error right below it. */
export function ContactField({
  id,
  name,
  label,
  value,
  maxLength,
  error,
  type = 'text',
  autoComplete,
  multiline,
  onChange,
}: Props) {
  const errorId = `${id}-error`;
  const shared = {
    id,
    name,
    required: true,
    maxLength,
    value,
    className: INPUT,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      onChange(event.target.value),
  };
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium">
        {label}
      </label>
      {multiline ? (
        <textarea rows={6} {...shared} />
      ) : (
        <input type={type} autoComplete={autoComplete} {...shared} />
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}
