import type { TicketFigures as Figures } from '../../../../core/tickets/staff-list';
import { useStaffQuery } from '../query';
import { WeeklyChart } from './weekly-chart';

const TICKET_FIGURES = '/api/staff/tickets/figures';

/** A duration in minutes, in words: "45 min", "3 h 20 min", "2 d 4 h". */
function duration(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 24 * 60) return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
  return `${Math.floor(minutes / (24 * 60))} d ${Math.floor((minutes % (24 * 60)) / 60)} h`;
}

/** The Overview's ticket figures (decision 047), for designers and above. */
export function TicketFigures({
  colors,
  window,
}: {
  colors: { primary: string; secondary: string };
  window: string;
}) {
  const figures = useStaffQuery<Figures>(TICKET_FIGURES);
  if (figures.status !== 'ready') return null;
  const { weeks, medianFirstReplyMinutes, openByDesigner } = figures.data;
  return (
    <>
      <WeeklyChart
        title="Tickets opened and closed"
        definition="Tickets opened (from Discord or the site) and closed, by UTC week."
        summary={
          medianFirstReplyMinutes === null
            ? 'No staff replies recorded yet'
            : `Median time to the first staff reply: ${duration(medianFirstReplyMinutes)}`
        }
        rows={weeks}
        series={[
          { key: 'opened', label: 'Opened', color: colors.primary },
          { key: 'closed', label: 'Closed', color: colors.secondary },
        ]}
        empty={`No tickets in ${window}.`}
      />
      <section aria-label="Open tickets per designer" className="rounded-xl border border-line p-4">
        <h2 className="font-semibold">Open tickets per designer</h2>
        {openByDesigner.length === 0 ? (
          <p className="mt-2 text-sm text-muted">No claimed ticket is open.</p>
        ) : (
          <ul className="mt-2 space-y-1 text-sm">
            {openByDesigner.map((row) => (
              <li key={row.discordId} className="flex justify-between gap-4">
                <span>{row.name ?? row.discordId}</span>
                <span>{row.open}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
