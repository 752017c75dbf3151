import { Link } from 'react-router';
import type { StaffIdentity } from '../../../../core/auth/principal';
import { hasRole } from '../../../../core/auth/roles';
import { OVERVIEW_WEEKS, type OverviewFigures, qcPassRate } from '../../../../core/orders/overview';
import { ApiProblem } from '../../components/ui/api-problem';
import { buttonClass } from '../../components/ui/button';
import { formatNumber, formatRobux } from '../display/format';
import { type StatusKind, statusLabel } from '../display/labels';
import { useLiveRefresh } from '../live';
import { DemoContent } from '../overview/demo-content';
import { GoLiveChecklist } from '../overview/go-live';
import { PaymentFigures } from '../overview/payment-figures';
import { TicketFigures } from '../overview/ticket-figures';
import { WaitingForYou } from '../overview/waiting-for-you';
import { WeeklyChart } from '../overview/weekly-chart';
import { useStaffMutation, useStaffQuery } from '../query';

// The dashboard's landing page: counts and weekly charts from the tables (who sees which:
// server/routes/staff/overview.ts), and the outbox's deliveries to Discord that wait or
// failed, with a retry.

const OVERVIEW = '/api/staff/overview';

type Delivery = {
  id: number;
  kind: string;
  refId: number;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: string;
  createdAt: string;
};

type Overview = OverviewFigures & {
  outbox: { counts: Record<string, number>; waiting: Delivery[]; failed: Delivery[] };
};

const COLORS = {
  primary: 'var(--color-lavender)',
  secondary: '#6ee7b7',
  warning: '#fca5a5',
};

const label = (key: string) => (key.charAt(0).toUpperCase() + key.slice(1)).replace(/_/g, ' ');
const robux = formatRobux;
const sum = <T,>(rows: readonly T[], pick: (row: T) => number) =>
  rows.reduce((total, row) => total + pick(row), 0);
const WINDOW = `the last ${OVERVIEW_WEEKS} weeks`;

/** Counts per status, each labelled as everywhere else and linked to the list it counts. */
function Counts({
  title,
  counts,
  kind,
  list,
}: {
  title: string;
  counts: Record<string, number>;
  kind: StatusKind;
  /** The list filtered by a status, e.g. /dashboard/orders (then ?status=…). */
  list?: string;
}) {
  const entries = Object.entries(counts);
  return (
    <section aria-label={title} className="rounded-xl border border-line p-4">
      <h2 className="font-semibold">{title}</h2>
      {entries.length === 0 ? (
        <p className="mt-2 text-sm text-muted">None yet.</p>
      ) : (
        <dl className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-3">
          {entries.map(([key, value]) => (
            <div key={key}>
              <dt className="text-xs text-muted">{statusLabel(kind, key)}</dt>
              <dd className="text-2xl font-bold">
                {list ? (
                  <Link
                    to={`${list}?status=${encodeURIComponent(key)}`}
                    className="underline decoration-line underline-offset-4 hover:text-lavender"
                    aria-label={`${formatNumber(value)} ${statusLabel(kind, key)}: show them`}
                  >
                    {formatNumber(value)}
                  </Link>
                ) : (
                  formatNumber(value)
                )}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

function OrderLogCharts({ orderLog }: { orderLog: NonNullable<OverviewFigures['orderLog']> }) {
  const weeks = orderLog.byWeek;
  const whose = orderLog.scope === 'own' ? 'Your orders' : 'Orders';
  const rate = qcPassRate(weeks);
  const passed = sum(weeks, (week) => week.qcFirstPass);
  const decided = passed + sum(weeks, (week) => week.qcChangesRequested);
  return (
    <>
      <WeeklyChart
        title="Robux volume and designer payouts"
        definition={`${whose} logged with /orderlog, by the UTC week they were logged: the order's price (what the studio receives after Roblox's fee) and the designer's share the log stored (90% with QC passed, 80% without).`}
        summary={`${robux(sum(weeks, (week) => week.volumeRobux))} volume, ${robux(sum(weeks, (week) => week.payoutsRobux))} to designers in ${WINDOW}`}
        rows={weeks}
        series={[
          { key: 'volumeRobux', label: 'Volume (R$)', color: COLORS.primary },
          { key: 'payoutsRobux', label: 'Designer payouts (R$)', color: COLORS.secondary },
        ]}
        empty={`No orders logged in ${WINDOW}.`}
      />
      <WeeklyChart
        title="QC pass rate"
        definition={`${whose} logged each week that went through quality control: approved at the first decision, or changes requested first (from the orders' events).`}
        summary={
          rate === null
            ? `No QC decisions in ${WINDOW}`
            : `${Math.round(rate * 100)}% passed the first time (${passed} of ${decided})`
        }
        rows={weeks}
        series={[
          { key: 'qcFirstPass', label: 'Passed first time', color: COLORS.secondary, stack: 'qc' },
          {
            key: 'qcChangesRequested',
            label: 'Changes requested',
            color: COLORS.warning,
            stack: 'qc',
          },
        ]}
        empty={`No QC decisions on orders logged in ${WINDOW}.`}
      />
    </>
  );
}

function RetryButton({ id }: { id: number }) {
  const retry = useStaffMutation(
    () => ({ method: 'POST', url: `/api/staff/outbox/${id}/retry` }),
    [OVERVIEW],
  );
  return (
    <>
      <button
        type="button"
        className={buttonClass('secondary', 'sm')}
        disabled={retry.isPending}
        onClick={() => retry.mutate()}
      >
        Retry #{id}
      </button>
      {retry.isSuccess && <span role="status">Queued again.</span>}
      {retry.error && (
        <span role="alert" className="text-red-300">
          {retry.error.message}
        </span>
      )}
    </>
  );
}

function Deliveries({ title, rows, retry }: { title: string; rows: Delivery[]; retry?: boolean }) {
  return (
    <section aria-label={title} className="rounded-xl border border-line p-4">
      <h2 className="font-semibold">{title}</h2>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-muted">Nothing here.</p>
      ) : (
        <ul className="mt-3 space-y-2 text-sm">
          {rows.map((row) => (
            <li key={row.id} className="flex flex-wrap items-center gap-2">
              <span>
                #{row.id} {label(row.kind)} {row.refId} · {row.attempts} attempt
                {row.attempts === 1 ? '' : 's'}
                {row.lastError && <span className="text-muted"> · {row.lastError}</span>}
              </span>
              {retry && <RetryButton id={row.id} />}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default function OverviewSection() {
  const overview = useStaffQuery<Overview>(OVERVIEW);
  const me = useStaffQuery<StaffIdentity>('/api/staff/me');
  useLiveRefresh(['application', 'order', 'review', 'payout', 'outbox'], OVERVIEW);
  const data = overview.data;
  const canRetry = me.status === 'ready' && hasRole(me.data, 'lead');
  const executive = me.status === 'ready' && hasRole(me.data, 'executive');
  const designer = me.status === 'ready' && hasRole(me.data, 'designer');
  const verifier = me.status === 'ready' && hasRole(me.data, 'payment_verifier');
  return (
    <section aria-labelledby="overview-title" className="space-y-4">
      <h1 id="overview-title" className="text-2xl font-bold">
        Overview
      </h1>
      <WaitingForYou />
      {executive && <DemoContent />}
      {executive && <GoLiveChecklist />}
      <ApiProblem
        state={overview}
        loading="Loading the overview…"
        failed="The overview could not be loaded"
      />
      {data && (
        <div className="grid gap-4 lg:grid-cols-2">
          {data.orderLog && <OrderLogCharts orderLog={data.orderLog} />}
          {designer && <TicketFigures colors={COLORS} window={WINDOW} />}
          {verifier && <PaymentFigures />}
          <WeeklyChart
            title="Reviews"
            definition={`Customer reviews written each UTC week, with their 1–5 star ratings.`}
            summary={
              data.reviews.average === null
                ? `No reviews in ${WINDOW}`
                : `Average rating ${data.reviews.average.toFixed(2)} / 5 from ${data.reviews.count} review${data.reviews.count === 1 ? '' : 's'}`
            }
            rows={data.reviews.byWeek}
            series={[{ key: 'reviews', label: 'Reviews', color: COLORS.primary }]}
            empty={`No reviews in ${WINDOW}.`}
          />
          {data.applications && (
            <WeeklyChart
              title="Applications"
              definition="Applications submitted each UTC week."
              rows={data.applications.byWeek}
              series={[{ key: 'count', label: 'Applications', color: COLORS.primary }]}
              empty={`No applications in ${WINDOW}.`}
            />
          )}
          {data.applications && (
            <Counts
              title="Applications by status"
              counts={data.applications.byStatus}
              kind="application"
              list="/dashboard/applications"
            />
          )}
          <Counts
            title="Orders by status"
            counts={data.orders.byStatus}
            kind="order"
            list="/dashboard/orders"
          />
          <Counts title="Deliveries to Discord" counts={data.outbox.counts} kind="delivery" />
          <Deliveries title="Failed deliveries" rows={data.outbox.failed} retry={canRetry} />
          <Deliveries title="Waiting deliveries" rows={data.outbox.waiting} />
        </div>
      )}
    </section>
  );
}
