import { useMemo, useState } from 'react';
import type { StaffIdentity } from '../../../../core/auth/principal';
import { hasRole } from '../../../../core/auth/roles';
import type { PaymentRow } from '../../../../core/payments/staff-list';
import { DialogActions, DialogPanel } from '../dialog-panel';
import { formatRobux } from '../display/format';
import { useLiveRefresh } from '../live';
import { ListPageTable } from '../payments/list-page-table';
import { PAYMENT_FILTERS, paymentColumns } from '../payments/payment-columns';
import { useStaffMutation, useStaffQuery } from '../query';
import { sectionPath } from '../sections';

const PAYMENTS = '/api/staff/payments';

/**
 * Verify: the same operation as the Discord button. Whoever is first (another verifier, the
 * automatic check) pays the order; the later one reads the 409's words and the list refreshes.
 */
function Verify({ row }: { row: PaymentRow }) {
  const [open, setOpen] = useState(false);
  const verify = useStaffMutation(
    () => ({ method: 'POST', url: `${PAYMENTS}/${encodeURIComponent(row.orderId)}/verify` }),
    [PAYMENTS, '/api/staff/orders', '/api/staff/overview'],
  );
  return (
    <DialogPanel
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) verify.reset();
      }}
      trigger={
        <span>
          Verify<span className="sr-only"> order {row.orderId}</span>
        </span>
      }
      triggerVariant="primary"
      title={`Verify the payment of order ${row.orderId}?`}
      description={`You confirm that ${row.robloxUsername} paid ${formatRobux(row.amountRobux)}. The ticket is told and the designer may start work.`}
      size="confirm"
    >
      {verify.error && (
        <p role="alert" className="mt-4 rounded-lg border border-red-400 bg-red-950 p-3 text-sm">
          {verify.error.message}
        </p>
      )}
      <DialogActions
        className="mt-6 flex justify-end gap-2"
        busy={verify.isPending}
        label="Verify payment"
        busyLabel="Verifying…"
        onClick={() => verify.mutate(undefined, { onSuccess: () => setOpen(false) })}
      />
    </DialogPanel>
  );
}

/** Orders awaiting payment (and those paid), for payment verifiers and executives. */
export default function PaymentsSection() {
  useLiveRefresh(['order'], PAYMENTS);
  const me = useStaffQuery<StaffIdentity>({ path: '/api/staff/me' });
  // The order page is the Orders section's, which a verifier alone does not see.
  const seesOrders = me.status === 'ready' && hasRole(me.data, 'lead');
  // "3 min ago" is counted from when the page was drawn; a refresh draws it again.
  const columns = useMemo(() => paymentColumns(new Date()), []);
  return (
    <section aria-labelledby="payments-title" className="space-y-4">
      <h1 id="payments-title" className="text-2xl font-bold">
        Payments
      </h1>
      <p className="text-sm text-muted">
        The bot checks Robux purchases on Roblox by itself; what it cannot decide is handed to a
        verifier with the reason.
      </p>
      <ListPageTable<PaymentRow>
        caption="Payments"
        endpoint={PAYMENTS}
        columns={columns}
        filters={PAYMENT_FILTERS}
        defaultSort={{ id: 'created', order: 'desc' }}
        defaultFilters={{ status: 'awaiting' }}
        rowKey={(row) => row.orderId}
        rowHref={(row) => (seesOrders ? sectionPath({ id: 'orders' }, row.orderId) : null)}
        actions={(row) => (row.status === 'awaiting' ? <Verify row={row} /> : null)}
        empty="No payments match these filters."
      />
    </section>
  );
}
