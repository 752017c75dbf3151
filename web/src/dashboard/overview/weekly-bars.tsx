import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatDay, formatDayOfYear, formatNumber } from '../display/format';

// The bars of an Overview chart (recharts), loaded by weekly-chart.tsx after the figures.

export type BarSeries = {
  key: string;
  label: string;
  color: string;
  /** Stacked series share a stack id; others stand side by side. */
  stack?: string;
};

type WeekRow = { week: string };

/**
 * Space kept free between two axis labels: recharts drops ticks until each "16 Mar" has it,
 * so a phone's narrow chart shows every other week rather than labels that touch.
 */
const MIN_TICK_GAP = 24;

export default function WeeklyBars({
  rows,
  series,
}: {
  rows: readonly WeekRow[];
  series: readonly BarSeries[];
}) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={rows as WeekRow[]} accessibilityLayer={false} margin={{ left: -8 }}>
        <CartesianGrid stroke="var(--color-line)" vertical={false} />
        <XAxis
          dataKey="week"
          tickFormatter={formatDayOfYear}
          stroke="var(--color-muted)"
          fontSize={11}
          interval="preserveStartEnd"
          minTickGap={MIN_TICK_GAP}
        />
        <YAxis
          stroke="var(--color-muted)"
          fontSize={11}
          allowDecimals={false}
          tickFormatter={formatNumber}
        />
        <Tooltip
          labelFormatter={(week) => `Week of ${formatDay(String(week))}`}
          formatter={(value) => formatNumber(Number(value))}
          contentStyle={{
            background: 'var(--color-panel)',
            border: '1px solid var(--color-line)',
          }}
          cursor={{ fill: 'rgb(255 255 255 / 0.05)' }}
        />
        {series.length > 1 && <Legend wrapperStyle={{ fontSize: 12 }} />}
        {series.map((item) => (
          <Bar
            key={item.key}
            dataKey={(row: WeekRow) => Number(row[item.key as keyof WeekRow])}
            name={item.label}
            fill={item.color}
            stackId={item.stack}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
