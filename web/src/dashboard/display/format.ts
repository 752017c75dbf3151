// How the dashboard writes dates, times and numbers: one format for each, everywhere (lists,
// details, the Overview). Times are shown in the reader's time zone, short; the full timestamp
// with its zone is the `title` of the <time> element (display.tsx). Formatters are built once.

type Moment = Date | string | number;

/** `28 Nov 2026, 21:44`: assembled from parts (see MONTHS). */
const SHORT: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'numeric',
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
  month: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
};
/**
 * Short months written by us, not by the locale: en-GB's ICU says "Sept" (and may change
 * again), while every other month is three letters; one spelling everywhere.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

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

/** The parts of a moment by type (`day`, `month` as a number, `hour`…). */
function partsOf(options: Intl.DateTimeFormatOptions, value: Date, timeZone?: string) {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of formatter(options, timeZone).formatToParts(value))
    parts[part.type] = part.value;
  // With a numeric month en-GB pads the day ("07/09"); written out, it is "7 Sep".
  return { ...parts, day: String(Number(parts.day)), month: MONTHS[Number(parts.month) - 1] ?? '' };
}

/** `28 Nov 2026, 21:44` in the reader's time zone (or `timeZone`). */
export function formatDateTime(value: Moment, timeZone?: string): string {
  const { day, month, year, hour, minute } = partsOf(SHORT, toDate(value), timeZone);
  return `${day} ${month} ${year}, ${hour}:${minute}`;
}

/** The full timestamp with seconds and zone, for a title on hover. */
export function formatFullTimestamp(value: Moment, timeZone?: string): string {
  return formatter(FULL, timeZone).format(toDate(value));
}

/** A calendar day (`2026-11-23`, a UTC day as the server counts them): `23 Nov 2026`. */
export function formatDay(day: string): string {
  const parts = partsOf(DAY, new Date(`${day.slice(0, 10)}T00:00:00Z`));
  return `${parts.day} ${parts.month} ${parts.year}`;
}

/** A day on a chart's axis, where the year is the chart's: `7 Sep`. */
export function formatDayOfYear(day: string): string {
  return formatDay(day).replace(/ \d+$/, '');
}

const NUMBER = new Intl.NumberFormat('en');

/** `12,345`. */
export function formatNumber(value: number): string {
  return NUMBER.format(value);
}

/**
 * `12,345 R$`, for sentences (a dialog, a summary). A list's amount column says "(R$)" in its
 * header and shows formatNumber in its cells.
 */
export function formatRobux(value: number): string {
  return `${NUMBER.format(value)} R$`;
}

/** Someone shown by name, or by their id until the bot has seen them. */
export function personName(name: string | null | undefined, id: string): string {
  return name?.trim() ? name : id;
}

/** An order's customer: their Discord account when known, and the Roblox one they pay from. */
export type CustomerNames = { discordId: string | null; name: string | null; roblox: string };

/**
 * The one name a customer goes by: their Discord name, else the Roblox account they pay from
 * (never a bare id while a name is known).
 */
export function customerName({ name, roblox }: CustomerNames): string {
  return name?.trim() ? name : roblox;
}

/** What a customer's name hides, for its hover: the accounts behind it. */
export function customerTitle({ discordId, roblox }: CustomerNames): string {
  return discordId ? `Discord id ${discordId} · Roblox: ${roblox}` : `Roblox: ${roblox}`;
}
