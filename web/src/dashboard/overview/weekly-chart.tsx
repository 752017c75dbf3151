import { lazy, Suspense, useId } from 'react';
import { formatDay, formatNumber } from '../display/format';
import type { BarSeries } from './weekly-bars';

// One weekly series chart of the Overview. The bars are hidden from assistive technology: the
// same numbers are a table for screen readers, and the summary line says the headline in words.
// The bars are their own chunk (recharts with its d3 and redux parts, ~100 KB gzip), loaded
// only here: the numbers, summaries and tables show at once, the bars follow.
const WeeklyBars = lazy(() => import('./weekly-bars'));

type ChartSeries<Row> = BarSeries & { key: keyof Row & string };

export function WeeklyChart<Row extends { week: string }>({
  title,
  definition,
  summary,
  rows,
  series,
  empty,
}: {
  title: string;
  /** What the numbers are, in one sentence (shown under the title). */
  definition: string;
  /** The headline figure in words, e.g. 'QC pass rate 67% (2 of 3)'. */
  summary?: string;
  rows: readonly Row[];
  series: readonly ChartSeries<Row>[];
  /** Shown instead of the chart when every week is zero. */
  empty: string;
}) {
  const titleId = useId();
  const allZero = rows.every((row) => series.every((item) => Number(row[item.key]) === 0));
  return (
    <section aria-labelledby={titleId} className="min-w-0 rounded-xl border border-line p-4">
      <h2 id={titleId} className="font-semibold">
        {title}
      </h2>
      <p className="mt-1 text-xs text-muted">{definition}</p>
      {summary && <p className="mt-2 text-lg font-bold">{summary}</p>}
      {allZero ? (
        <p className="mt-3 text-sm text-muted">{empty}</p>
      ) : (
        <div aria-hidden="true" className="mt-3 h-56 w-full">
          <Suspense fallback={null}>
            <WeeklyBars rows={rows} series={series} />
          </Suspense>
        </div>
      )}
      {/* A div holds the table: a table box grows to its content even when told 1px wide,
          and would widen the page. */}
      <div className="sr-only">
        <table>
          <caption>
            {title} per week{summary ? `: ${summary}` : ''}
          </caption>
          <thead>
            <tr>
              <th scope="col">Week of</th>
              {series.map((item) => (
                <th key={item.key} scope="col">
                  {item.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.week}>
                <th scope="row">{formatDay(row.week)}</th>
                {series.map((item) => (
                  <td key={item.key}>{formatNumber(Number(row[item.key]))}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
