import { describeOrderEvent, OrderEventSchema } from '../orders/order-events';

// A ticket's timeline in words (its own events and its order's, one story): what happened,
// with the people it names by name. Who did it is shown beside it ("… by designer_dora").

type Entry = {
  source: 'ticket' | 'order';
  type: string;
  actorDiscordId: string | null;
  data: Record<string, unknown>;
  at: Date | string;
};

const text = (value: unknown) => (typeof value === 'string' ? value : '');

function describeTicketEvent(entry: Entry, name: (id: string) => string): string {
  const { data } = entry;
  const person = (key: string) => (text(data[key]) ? name(text(data[key])) : 'nobody');
  switch (entry.type) {
    case 'requested':
      return data.source === 'site' ? 'Ticket requested on the site' : 'Ticket requested';
    case 'opened':
      return 'Ticket channel opened';
    case 'claimed':
      return 'Ticket claimed';
    case 'unclaimed':
      return `Ticket unclaimed from ${person('from')}`;
    case 'reassigned':
      return data.from
        ? `Ticket reassigned from ${person('from')} to ${person('to')}`
        : `Ticket given to ${person('to')}`;
    case 'close_requested':
      return 'Customer asked to confirm the close';
    case 'kept_open':
      return 'Customer kept the ticket open';
    case 'closed': {
      const reason = text(data.reason);
      if (data.how === 'inactive') return 'Ticket closed after no activity';
      if (data.how === 'confirmed') return 'Ticket closed after the customer confirmed';
      if (data.how === 'customer_request') return "Ticket closed at the customer's request";
      return reason ? `Ticket force-closed: ${reason}` : 'Ticket force-closed';
    }
    case 'customer_close_requested':
      return 'Customer asked staff to close the ticket';
    case 'customer_close_denied':
      return "Customer's request to close denied";
    case 'inactivity_warned':
      return 'Customer warned of inactivity';
    case 'reopened':
      return 'Ticket reopened';
    case 'member_added':
      return `${person('userId')} added to the ticket`;
    case 'member_removed':
      return `${person('userId')} removed from the ticket`;
    case 'renamed':
      return `Channel renamed to #${text(data.name)}`;
    case 'transcript_stored':
      return typeof data.messages === 'number'
        ? `Transcript stored (${data.messages} messages)`
        : 'Transcript stored';
    default:
      return entry.type.replace(/_/g, ' ').replace(/^./, (first) => first.toUpperCase());
  }
}

/** One entry in words; an order event of an older shape falls back to its type in words. */
export function describeTimelineEntry(entry: Entry, name: (id: string) => string): string {
  if (entry.source === 'ticket') return describeTicketEvent(entry, name);
  const parsed = OrderEventSchema.safeParse({
    orderId: '',
    type: entry.type,
    actorDiscordId: entry.actorDiscordId ?? '',
    at: entry.at,
    data: entry.data,
  });
  if (parsed.success) return describeOrderEvent(parsed.data);
  return entry.type.replace(/_/g, ' ').replace(/^./, (first) => first.toUpperCase());
}
