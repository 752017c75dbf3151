import { TICKET_CAPACITY_URL, type TicketCapacity } from '../../../../core/tickets/capacity';
import { When } from '../display/display';
import { useStaffQuery } from '../query';

/**
 * While every ticket category is full, staff see it: how many customers wait for a channel and
 * since when (they are told their place; the queue opens in order as channels free up).
 * Refreshed with the Tickets page's live events.
 */
export function CapacityWarning() {
  const capacity = useStaffQuery<TicketCapacity>(TICKET_CAPACITY_URL);
  if (capacity.status !== 'ready' || capacity.data.waiting === 0) return null;
  const { waiting, since } = capacity.data;
  return (
    <div role="alert" className="rounded-xl border border-amber-400 bg-panel p-4">
      <p className="font-semibold">
        The ticket categories are full: {waiting}{' '}
        {waiting === 1 ? 'customer waits' : 'customers wait'} for a channel.
      </p>
      <p className="mt-1 text-sm text-muted">
        Waiting since <When value={since} />. Close finished tickets, or set
        DISCORD_TICKETS_OVERFLOW_CATEGORY_ID to a second category; waiting tickets open in order as
        channels free up.
      </p>
    </div>
  );
}
