// How the dashboard writes dates, times and numbers: one format for each, everywhere (lists,
// details, the Overview). Times are shown in the reader's time zone, short; the full timestamp
// with its zone is the `title` of the <time> element (display.tsx). Formatters are built once.

type Moment = Date | string | number;

/** `28 Nov 2026, 21:44`. */
const SHORT: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};
/** `Saturday, 28 November 2026 at 21:44:05 GMT+1`. */
const FULL: Intl.DateTimeFormatOptions = {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'short',
};
const DAY: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
};

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(options: Intl.DateTimeFormatOptions, timeZone?: string): Intl.DateTimeFormat {
  const key = `${JSON.stringify(options)}|${timeZone ?? ''}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat('en-GB', { ...options, ...(timeZone && { timeZone }) });
    formatters.set(key, found);
  }
  return found;
}

const toDate = (value: Moment) => (value instanceof Date ? value : new Date(value));

/** `28 Nov 2026, 21:44` in the reader's time zone (or `timeZone`). */
export function formatDateTime(value: Moment, timeZone?: string): string {
  return formatter(SHORT, timeZone).format(toDate(value));
}

/** The full timestamp with seconds and zone, for a title on hover. */
export function formatFullTimestamp(value: Moment, timeZone?: string): string {
  return formatter(FULL, timeZone).format(toDate(value));
}

/** A calendar day (`2026-11-23`, a UTC day as the server counts them): `23 Nov 2026`. */
export function formatDay(day: string): string {
  return formatter(DAY).format(new Date(`${day.slice(0, 10)}T00:00:00Z`));
}

const NUMBER = new Intl.NumberFormat('en');

/** `12,345`. */
export function formatNumber(value: number): string {
  return NUMBER.format(value);
}

/** `12,345 R$`. */
export function formatRobux(value: number): string {
  return `${NUMBER.format(value)} R$`;
}

/** Someone shown by name, or by their id until the bot has seen them. */
export function personName(name: string | null | undefined, id: string): string {
  return name?.trim() ? name : id;
}
