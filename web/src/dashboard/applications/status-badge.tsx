// An application's review status as a coloured pill (its text says it; colour is extra).

const STATUS_STYLES: Record<string, string> = {
  pending: 'border-amber-300/50 text-amber-200',
  accepted: 'border-emerald-300/50 text-emerald-200',
  rejected: 'border-red-300/50 text-red-200',
};

export function StatusBadge({ status }: { status: string }) {
  return (
    <span
      className={`rounded-full border px-2 py-0.5 text-xs font-semibold ${STATUS_STYLES[status] ?? ''}`}
    >
      {status.charAt(0).toUpperCase() + status.slice(1)}
    </span>
  );
}
