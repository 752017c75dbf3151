import { type FormEvent, useId } from 'react';
import { buttonClass } from '../../components/ui/button';
import type { TableQuery } from './table-query';

export type TableFilter =
  | { kind: 'select'; id: string; label: string; options: { value: string; label: string }[] }
  | { kind: 'date'; id: string; label: string }
  | { kind: 'search'; id: string; label: string; placeholder?: string };

/** The table's filters: selects and dates apply at once, search boxes on Enter or Search. */
export function TableFilters({
  filters,
  query,
  onChange,
}: {
  filters: TableFilter[];
  query: TableQuery;
  onChange: (filters: Record<string, string>) => void;
}) {
  const idPrefix = useId();
  const set = (id: string, value: string) => onChange({ ...query.filters, [id]: value });
  const searchFilters = filters.filter((filter) => filter.kind === 'search');
  // Search boxes apply on Enter / the button, not per keystroke (each would be a request):
  // all of them at once, whichever one was typed in.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = { ...query.filters };
    for (const filter of searchFilters) {
      const value = form.get(filter.id);
      next[filter.id] = typeof value === 'string' ? value.trim() : '';
    }
    onChange(next);
  };
  if (filters.length === 0) return null;
  return (
    <search>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
        {filters.map((filter) => {
          const id = `${idPrefix}-${filter.id}`;
          const value = query.filters[filter.id] ?? '';
          const control = 'rounded-md border border-line bg-ink px-2 py-1.5 text-sm';
          return (
            <label key={filter.id} htmlFor={id} className="flex flex-col gap-1 text-xs text-muted">
              {filter.label}
              {filter.kind === 'select' ? (
                <select
                  id={id}
                  className={control}
                  value={value}
                  onChange={(e) => set(filter.id, e.target.value)}
                >
                  <option value="">All</option>
                  {filter.options.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
              ) : filter.kind === 'date' ? (
                <input
                  id={id}
                  type="date"
                  className={control}
                  value={value}
                  onChange={(e) => set(filter.id, e.target.value)}
                />
              ) : (
                <input
                  id={id}
                  key={value}
                  type="search"
                  name={filter.id}
                  defaultValue={value}
                  placeholder={filter.placeholder}
                  className={control}
                />
              )}
            </label>
          );
        })}
        {searchFilters.length > 0 && (
          <button type="submit" className={buttonClass('primary', 'sm')}>
            Search
          </button>
        )}
      </form>
    </search>
  );
}
