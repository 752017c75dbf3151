/** A determinate progress bar (0–100) that assistive technology reads as a percentage. */
export function Progress({ value, label }: { value: number; label: string }) {
  const percent = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className="h-2 w-full overflow-hidden rounded-full bg-line"
    >
      <div
        className="h-full rounded-full bg-lavender transition-[width] duration-200"
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
