import type { ReactNode } from 'react';
import {
  type CustomerNames,
  customerName,
  customerTitle,
  formatDateTime,
  formatDay,
  formatFullTimestamp,
  personName,
} from './format';
import { type StatusKind, statusLabel } from './labels';

// The dashboard's ways of showing a moment, a person and a status: every list, detail and
// the Overview use these, so each reads the same everywhere (format.ts, labels.ts).

/** A moment, short, with the full timestamp on hover; `—` when there is none. */
export function When({ value }: { value: Date | string | null | undefined }) {
  if (!value) return <>—</>;
  const date = new Date(value);
  return (
    <time
      dateTime={date.toISOString()}
      title={formatFullTimestamp(date)}
      className="whitespace-nowrap"
    >
      {formatDateTime(date)}
    </time>
  );
}

/** A calendar day (`2026-11-23`). */
export function Day({ value }: { value: string }) {
  return (
    <time dateTime={value.slice(0, 10)} className="whitespace-nowrap">
      {formatDay(value)}
    </time>
  );
}

/** Someone by name, with their Discord id on hover (the id alone until they are seen). */
export function Person({ name, id }: { name: string | null | undefined; id: string | null }) {
  if (!id) return <>{name ?? '—'}</>;
  return <span title={`Discord id ${id}`}>{personName(name, id)}</span>;
}

/** A customer by their one name (format.ts customerName), the accounts on hover; never wraps. */
export function Customer(names: CustomerNames) {
  return (
    <span title={customerTitle(names)} className="whitespace-nowrap">
      {customerName(names)}
    </span>
  );
}

const TONES: Record<string, string> = {
  good: 'border-emerald-300/50 text-emerald-200',
  wait: 'border-amber-300/50 text-amber-200',
  bad: 'border-red-300/50 text-red-200',
  done: 'border-line text-muted',
  neutral: 'border-lavender/50 text-lavender',
};

const TONE_OF: Record<string, keyof typeof TONES> = {
  accepted: 'good',
  passed: 'good',
  qc_passed: 'good',
  paid: 'good',
  delivered: 'good',
  claimed: 'good',
  handled: 'done',
  refunded: 'done',
  pending: 'wait',
  awaiting: 'wait',
  unpaid: 'wait',
  part_paid: 'wait',
  awaiting_payment: 'wait',
  awaiting_customer: 'wait',
  in_qc: 'wait',
  open: 'wait',
  opening: 'wait',
  rejected: 'bad',
  failed: 'bad',
  changes_requested: 'bad',
  qc_changes_requested: 'bad',
  closed: 'done',
  logged: 'done',
  reviewed: 'done',
};

/** A status as a pill that never wraps: its text says it, the colour only helps. */
export function StatusBadge({ kind, value }: { kind: StatusKind; value: string }): ReactNode {
  const tone = TONES[TONE_OF[value] ?? 'neutral'];
  return (
    <span
      className={`inline-block rounded-full border px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${tone}`}
    >
      {statusLabel(kind, value)}
    </span>
  );
}
