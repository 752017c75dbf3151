import { hasRole, type StaffRole } from '../auth/roles';
import { LIVE_TICKET_STATUSES } from '../tickets/replies';

// The Overview's "Waiting for you" (issue 32): per role, what waits for the signed-in member,
// each a count linking to the list filtered to those rows (the list contract's `?facet=a,b`,
// core/shared/list-page.ts). Counts follow the work scope (core/staff/work-scope.ts): a
// designer's are their own work and the unclaimed tickets they may claim; leads and
// executives count the studio's.

/** What the repository counted for this member (null: not for their role). */
export type WaitingCounts = {
  /** Live tickets nobody claimed yet (designers may claim any: work-scope.ts). */
  unclaimedTickets: number | null;
  /** Live tickets in the member's scope whose customer wrote last (core/tickets/replies.ts). */
  waitingForReply: number | null;
  /** Live tickets the member claimed (claimed, or waiting for the customer to confirm). */
  myTickets: number | null;
  /** Applications not decided yet. */
  applicationsToDecide: number | null;
  /** Orders awaiting payment: a verifier checks the customer paid. */
  paymentsToVerify: number | null;
  /** Contact messages not marked handled. */
  messagesToAnswer: number | null;
  /** Logged orders' designer shares not paid out: the studio's, or the designer's own. */
  payoutsOwed: { robux: number; designers: number; orders: number } | null;
};

export type WaitingItem = {
  id: keyof WaitingCounts;
  label: string;
  count: number;
  /** What the count counts when it is not items, shown after it (e.g. "R$"). */
  unit?: string;
  /** More words under the count, e.g. the Robux owed. */
  detail: string | null;
  href: string;
};

type Member = { discordId: string; roles: readonly StaffRole[] };

/** Which counts the member's roles call for (the repository counts only these). */
export function waitingFor(member: Member): Record<keyof WaitingCounts, boolean> {
  const designer = hasRole(member, 'designer');
  return {
    unclaimedTickets: designer,
    waitingForReply: designer,
    myTickets: designer,
    applicationsToDecide: hasRole(member, 'lead'),
    paymentsToVerify: hasRole(member, 'payment_verifier'),
    messagesToAnswer: hasRole(member, 'lead'),
    payoutsOwed: designer,
  };
}

const formatRobuxAmount = (robux: number) => `${robux.toLocaleString('en-US')} R$`;
const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/** The counts as the panel shows them, in the order a member works through them. */
export function describeWaitingWork(counts: WaitingCounts, member: Member): WaitingItem[] {
  const items: WaitingItem[] = [];
  const studio = hasRole(member, 'lead');
  const executive = hasRole(member, 'executive');
  if (counts.unclaimedTickets !== null) {
    items.push({
      id: 'unclaimedTickets',
      label: 'Unclaimed tickets',
      count: counts.unclaimedTickets,
      detail: 'Waiting for a designer to claim them.',
      href: '/dashboard/tickets?status=open',
    });
  }
  // Beside "Your open tickets", not instead: that one is the designer's worklist; this says
  // which of those (and of the unclaimed ones they may take) have a customer waiting now.
  if (counts.waitingForReply !== null) {
    items.push({
      id: 'waitingForReply',
      label: 'Waiting for a reply',
      count: counts.waitingForReply,
      detail: studio
        ? 'Live tickets where the customer wrote last.'
        : 'Yours or unclaimed, where the customer wrote last.',
      href: `/dashboard/tickets?status=${LIVE_TICKET_STATUSES.join(',')}&reply=customer`,
    });
  }
  if (counts.myTickets !== null) {
    const mine = new URLSearchParams({ status: 'claimed,awaiting_customer' });
    // Leads see everyone's tickets: their own are the ones they claimed.
    if (studio) mine.set('claimant', member.discordId);
    items.push({
      id: 'myTickets',
      label: 'Your open tickets',
      count: counts.myTickets,
      detail: 'Claimed by you and not closed yet.',
      href: `/dashboard/tickets?${mine.toString().replaceAll('%2C', ',')}`,
    });
  }
  if (counts.applicationsToDecide !== null) {
    items.push({
      id: 'applicationsToDecide',
      label: 'Applications to decide',
      count: counts.applicationsToDecide,
      detail: 'Submitted and not accepted or rejected yet.',
      href: '/dashboard/applications?status=pending',
    });
  }
  if (counts.paymentsToVerify !== null) {
    items.push({
      id: 'paymentsToVerify',
      label: 'Payments to verify',
      count: counts.paymentsToVerify,
      detail: 'Orders awaiting payment. The automatic check hands you the ones it cannot confirm.',
      // Verifiers who are not designers have no Orders list: the Payments page is theirs.
      href: hasRole(member, 'designer')
        ? '/dashboard/orders?status=awaiting_payment'
        : '/dashboard/payments?status=awaiting',
    });
  }
  if (counts.messagesToAnswer !== null) {
    items.push({
      id: 'messagesToAnswer',
      label: 'Messages to answer',
      count: counts.messagesToAnswer,
      detail: 'Contact messages not marked handled.',
      href: '/dashboard/messages?status=open',
    });
  }
  if (counts.payoutsOwed !== null) {
    const owed = counts.payoutsOwed;
    // The figure matches the list it links to: an executive's payouts are one line per
    // designer owed; a designer's own figure is what they are owed.
    items.push({
      id: 'payoutsOwed',
      ...(executive
        ? { label: 'Payouts owed', count: owed.designers }
        : { label: 'Owed to you', count: owed.robux, unit: 'R$' }),
      detail:
        owed.orders === 0
          ? 'Nothing unpaid.'
          : executive
            ? `${formatRobuxAmount(owed.robux)} to ${plural(owed.designers, 'designer')} for ${plural(owed.orders, 'logged order')}.`
            : `For ${plural(owed.orders, 'logged order')} not paid out yet.`,
      href: '/dashboard/payouts?status=unpaid,part_paid',
    });
  }
  return items;
}
