import type { PaymentFigures as Figures } from '../../../../core/payments/staff-list';
import { formatNumber } from '../display/format';
import { useStaffQuery } from '../query';

export const PAYMENT_FIGURES = '/api/staff/payments/figures';

/** Minutes in words: "12 min", "3 h 5 min", "2 d 4 h". */
function duration(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 24 * 60) return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
  return `${Math.floor(minutes / (24 * 60))} d ${Math.floor((minutes % (24 * 60)) / 60)} h`;
}

/**
 * The Overview's payment figures (issue 31), for payment verifiers and executives: how long
 * customers wait from /createpayment to paid, and how many payments nobody had to verify.
 */
export function PaymentFigures() {
  const figures = useStaffQuery<Figures>(PAYMENT_FIGURES);
  if (figures.status !== 'ready') return null;
  const { days, paid, medianMinutesToPaid, automatic, byPerson } = figures.data;
  const share = paid === 0 ? null : Math.round((automatic / paid) * 100);
  return (
    <section aria-label="Payments" className="rounded-xl border border-line p-4">
      <h2 className="font-semibold">Payments</h2>
      <p className="mt-1 text-xs text-muted">Orders paid in the last {days} days.</p>
      {paid === 0 ? (
        <p className="mt-2 text-sm text-muted">No order was paid in the last {days} days.</p>
      ) : (
        <dl className="mt-3 grid grid-cols-2 gap-2">
          <div>
            <dt className="text-xs text-muted">Median time from /createpayment to paid</dt>
            <dd className="text-2xl font-bold">
              {medianMinutesToPaid === null ? '—' : duration(medianMinutesToPaid)}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-muted">Verified automatically</dt>
            <dd className="text-2xl font-bold">{share}%</dd>
            <dd className="text-xs text-muted">
              {formatNumber(automatic)} by the bot, {formatNumber(byPerson)} by a person
            </dd>
          </div>
        </dl>
      )}
    </section>
  );
}
