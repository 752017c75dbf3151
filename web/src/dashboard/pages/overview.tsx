import { useState } from 'react';
import { ApiProblem } from '../../components/ui/api-problem';
import { buttonClass } from '../../components/ui/button';
import { sendJson } from '../../data/post-json';
import { useApi } from '../../data/use-api';

// The dashboard's landing page: counts from the tables (applications for leads and
// executives), and the outbox's deliveries to Discord that wait or failed, with a retry.

type Delivery = {
  id: number;
  kind: string;
  refId: number;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: string;
  createdAt: string;
};

type Overview = {
  applications: {
    byStatus: Record<string, number>;
    byWeek: { week: string; count: number }[];
  } | null;
  orders: { byStatus: Record<string, number> };
  outbox: { counts: Record<string, number>; waiting: Delivery[]; failed: Delivery[] };
};

const label = (key: string) => (key.charAt(0).toUpperCase() + key.slice(1)).replace(/_/g, ' ');

function Counts({ title, counts }: { title: string; counts: Record<string, number> }) {
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
              <dt className="text-xs text-muted">{label(key)}</dt>
              <dd className="text-2xl font-bold">{value.toLocaleString('en')}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

/** Bars as a list: each bar's number is text, so it reads without seeing the bars. */
function WeekBars({ weeks }: { weeks: { week: string; count: number }[] }) {
  const max = Math.max(1, ...weeks.map((week) => week.count));
  return (
    <section aria-labelledby="weeks-title" className="rounded-xl border border-line p-4">
      <h2 id="weeks-title" className="font-semibold">
        Applications per week
      </h2>
      {weeks.length === 0 ? (
        <p className="mt-2 text-sm text-muted">No applications in the last 12 weeks.</p>
      ) : (
        <ul className="mt-3 space-y-1">
          {weeks.map((week) => (
            <li
              key={week.week}
              className="grid grid-cols-[7rem_1fr_4rem] items-center gap-2 text-sm"
            >
              <span className="text-muted">Week of {week.week}</span>
              <span
                aria-hidden="true"
                className="h-3 rounded bg-lavender/70"
                style={{ width: `${(week.count / max) * 100}%` }}
              />
              <span className="text-right">{week.count.toLocaleString('en')}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Deliveries({ title, rows, retry }: { title: string; rows: Delivery[]; retry?: boolean }) {
  const [messages, setMessages] = useState<Record<number, string>>({});
  const overview = useApi<Overview>('/api/staff/overview');
  async function retryRow(id: number) {
    const result = await sendJson('POST', `/api/staff/outbox/${id}/retry`);
    setMessages((current) => ({ ...current, [id]: result.ok ? 'Queued again.' : result.message }));
    if (result.ok) await overview.reload();
  }
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
              {retry && (
                <button
                  type="button"
                  className={buttonClass('secondary', 'sm')}
                  onClick={() => retryRow(row.id)}
                >
                  Retry #{row.id}
                </button>
              )}
              {messages[row.id] && <span role="status">{messages[row.id]}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default function OverviewSection() {
  const overview = useApi<Overview>('/api/staff/overview');
  const me = useApi<{ roles: string[] }>('/api/staff/me');
  const data = overview.data;
  const canRetry = me.data?.roles.some((role) => ['lead', 'executive', 'owner'].includes(role));
  return (
    <section aria-labelledby="overview-title" className="space-y-4">
      <h1 id="overview-title" className="text-2xl font-bold">
        Overview
      </h1>
      <ApiProblem
        state={overview}
        loading="Loading the overview…"
        failed="The overview could not be loaded"
      />
      {data && (
        <div className="grid gap-4 lg:grid-cols-2">
          {data.applications && (
            <Counts title="Applications by status" counts={data.applications.byStatus} />
          )}
          {data.applications && <WeekBars weeks={data.applications.byWeek} />}
          <Counts title="Orders by status" counts={data.orders.byStatus} />
          <Counts title="Deliveries to Discord" counts={data.outbox.counts} />
          <Deliveries title="Failed deliveries" rows={data.outbox.failed} retry={canRetry} />
          <Deliveries title="Waiting deliveries" rows={data.outbox.waiting} />
        </div>
      )}
    </section>
  );
}
