import * as Dialog from '@radix-ui/react-dialog';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { StaffIdentity } from '../../../../core/auth/principal';
import { hasRole } from '../../../../core/auth/roles';
import type { PaymentRow } from '../../../../core/payments/staff-list';
import { DialogActions } from '../dialog-panel';
import { formatRobux } from '../display/format';
import { useLiveRefresh } from '../live';
import { PAYMENT_FACETS, paymentColumns } from '../payments/payment-columns';
import { useStaffMutation, useStaffQuery } from '../query';
import { sectionPath } from '../sections';
import { DataTable, type RowAction } from '../table/data-table';
import { focusRowActions } from '../table/row-actions';

const PAYMENTS = '/api/staff/payments';

/**
 * Verify: the same operation as the Discord button. Whoever is first (another verifier, the
 * automatic check) pays the order; the later one reads the 409's words. The dialog lives
 * beside the table, not in the row: a live refresh that drops the paid row leaves it open,
 * with the answer in it.
 */
function VerifyDialog({ row, onClose }: { row: PaymentRow; onClose: () => void }) {
  const verify = useStaffMutation(
    () => ({ method: 'POST', url: `${PAYMENTS}/${encodeURIComponent(row.orderId)}/verify` }),
    [PAYMENTS, '/api/staff/orders', '/api/staff/overview'],
  );
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/70" />
        <Dialog.Content
          // Back to the row's "…" button while the row is still there.
          onCloseAutoFocus={focusRowActions(row.orderId)}
          className="fixed top-1/2 left-1/2 z-50 w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-line bg-ink p-6 shadow-2xl"
        >
          <Dialog.Title className="text-xl font-bold">
            Verify the payment of order {row.orderId}?
          </Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-muted">
            You confirm that {row.robloxUsername} paid {formatRobux(row.amountRobux)}. The ticket is
            told and the designer may start work.
          </Dialog.Description>
          {verify.error && (
            <p
              role="alert"
              className="mt-4 rounded-lg border border-red-400 bg-red-950 p-3 text-sm"
            >
              {verify.error.message}
            </p>
          )}
          <DialogActions
            className="mt-6 flex justify-end gap-2"
            busy={verify.isPending}
            label="Verify payment"
            busyLabel="Verifying…"
            onClick={() => verify.mutate(undefined, { onSuccess: onClose })}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

const SEARCH = { label: 'Search payments', placeholder: 'Order, customer or Roblox name' };
const DEFAULT_SORT = { id: 'created', order: 'desc' } as const;
const rowKey = (row: PaymentRow) => row.orderId;
const orderHref = (row: PaymentRow) => sectionPath({ id: 'orders' }, row.orderId);

/**
 * The page opens on what waits (`?status=awaiting`) when reached with no query; Reset then
 * shows every payment. Only on arrival: a later empty query is the member's choice.
 */
function useOpenOnAwaiting() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const [opening, setOpening] = useState(() => search === '' || search === '?');
  useEffect(() => {
    if (!opening) return;
    navigate({ search: '?status=awaiting' }, { replace: true });
    setOpening(false);
  }, [opening, navigate]);
  return opening;
}

/** Orders awaiting payment (and those paid), for payment verifiers and executives. */
export default function PaymentsSection() {
  useLiveRefresh(['order'], PAYMENTS);
  const [verifying, setVerifying] = useState<PaymentRow | null>(null);
  const me = useStaffQuery<StaffIdentity>({ path: '/api/staff/me' });
  // The order page is the Orders section's, which a verifier alone does not see.
  const seesOrders = me.status === 'ready' && hasRole(me.data, 'lead');
  // "3 min ago" is counted from when the page was drawn; a refresh draws it again.
  const columns = useMemo(() => paymentColumns(new Date()), []);
  const actions = useCallback(
    (row: PaymentRow): RowAction[] =>
      row.status === 'awaiting'
        ? [{ label: 'Verify payment', onSelect: () => setVerifying(row) }]
        : [],
    [],
  );
  const opening = useOpenOnAwaiting();
  return (
    <section aria-labelledby="payments-title" className="space-y-4">
      <h1 id="payments-title" className="text-2xl font-bold">
        Payments
      </h1>
      <p className="text-sm text-muted">
        The bot checks Robux purchases on Roblox by itself; what it cannot decide is handed to a
        verifier with the reason.
      </p>
      {!opening && (
        <DataTable
          tableId="payments"
          caption="Payments"
          endpoint={PAYMENTS}
          columns={columns}
          facets={PAYMENT_FACETS}
          search={SEARCH}
          dateLabel="Created"
          defaultSort={DEFAULT_SORT}
          rowKey={rowKey}
          rowHref={seesOrders ? orderHref : undefined}
          actions={actions}
          empty="No payments match these filters."
        />
      )}
      {verifying && <VerifyDialog row={verifying} onClose={() => setVerifying(null)} />}
    </section>
  );
}
