import * as Popover from '@radix-ui/react-popover';
import { type DateRange, DayPicker } from 'react-day-picker';
import { buttonClass } from '../../components/ui/button';
import { formatDay } from '../display/format';
import { PlusIcon } from './faceted-filter';

// The list's date range (`from`/`to`, days inclusive): react-day-picker's range calendar in a
// Radix popover (arrow keys move by day, PageUp/PageDown by month, Enter picks). The first
// day picked is `from`, the second `to`; the days are those shown, sent as YYYY-MM-DD.

const pad = (n: number) => String(n).padStart(2, '0');
const toDayText = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
const fromDayText = (day: string) => {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(year, month - 1, date);
};

/** `1 Nov 2026 – 30 Nov 2026`, `from 1 Nov 2026`, `until 30 Nov 2026`. */
export function describeRange(from?: string, to?: string): string {
  if (from && to) return from === to ? formatDay(from) : `${formatDay(from)} – ${formatDay(to)}`;
  if (from) return `from ${formatDay(from)}`;
  if (to) return `until ${formatDay(to)}`;
  return '';
}

const DAY_CLASSES = {
  root: 'text-sm',
  months: 'relative',
  month_caption: 'flex h-8 items-center justify-center font-semibold',
  nav: 'absolute inset-x-0 top-0 flex justify-between',
  button_previous: 'size-8 rounded-md hover:bg-white/10 disabled:opacity-40',
  button_next: 'size-8 rounded-md hover:bg-white/10 disabled:opacity-40',
  chevron: 'mx-auto size-4 fill-current',
  weekday: 'size-9 text-xs font-normal text-muted',
  day: 'size-9 p-0 text-center',
  day_button: 'size-9 rounded-md hover:bg-white/10',
  selected: '[&>button]:bg-lavender [&>button]:text-ink',
  range_middle: '[&>button]:bg-lavender/30 [&>button]:text-white',
  today: 'font-bold underline',
  outside: 'text-muted/60',
};

export function DateRangeFilter({
  label,
  from,
  to,
  onChange,
}: {
  /** The date column, e.g. 'Created'. */
  label: string;
  from?: string;
  to?: string;
  onChange: (range: { from?: string; to?: string }) => void;
}) {
  const selected: DateRange | undefined = from
    ? { from: fromDayText(from), to: to ? fromDayText(to) : undefined }
    : undefined;
  const shown = describeRange(from, to);
  return (
    <Popover.Root>
      <Popover.Trigger className={`${buttonClass('secondary', 'sm')} border-dashed`}>
        <span className="sr-only">
          {shown ? `Filter by ${label}: ${shown}` : `Filter by ${label}`}
        </span>
        <PlusIcon />
        <span aria-hidden="true">{label}</span>
        {shown && (
          <span
            aria-hidden="true"
            className="rounded-full bg-lavender/20 px-2 py-0.5 text-xs font-semibold text-lavender"
          >
            {shown}
          </span>
        )}
      </Popover.Trigger>
      <Popover.Content
        align="start"
        sideOffset={4}
        aria-label={`${label} between`}
        className="z-50 rounded-lg border border-line bg-ink p-3 shadow-xl"
      >
        <DayPicker
          mode="range"
          selected={selected}
          defaultMonth={selected?.from}
          onSelect={(range) =>
            onChange({
              from: range?.from ? toDayText(range.from) : undefined,
              to: range?.to ? toDayText(range.to) : undefined,
            })
          }
          weekStartsOn={1}
          classNames={DAY_CLASSES}
        />
        {(from || to) && (
          <button
            type="button"
            onClick={() => onChange({})}
            className={`${buttonClass('ghost', 'sm')} mt-2 w-full`}
          >
            Clear dates
          </button>
        )}
      </Popover.Content>
    </Popover.Root>
  );
}
