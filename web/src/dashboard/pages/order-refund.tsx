import { type FormEvent, useState } from 'react';
import type { OrderDetail } from '../../../../core/orders/staff-list';
import { REFUND_REASON_MAX, RefundRequestSchema } from '../../../../core/payments/refund';
import { DialogActions, DialogPanel } from '../dialog-panel';
import { SendFailed, useStaffMutation } from '../query';

// Refunds are the executives' alone (issue 31): a reason, then a confirmation of what happens.
// A card payment goes back through Stripe; Roblox has no refund API, so a Robux refund is made
// by hand in Roblox and only recorded here.

export function RefundButton({ order }: { order: OrderDetail }) {
  const path = `/api/staff/orders/${encodeURIComponent(order.id)}`;
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const refund = useStaffMutation<string>(
    (text) => ({ method: 'POST', url: `${path}/refund`, body: { reason: text } }),
    [path, '/api/staff/orders'],
  );
  const card = order.paidWith === 'card';

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = RefundRequestSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Say why the order is refunded.');
      return;
    }
    setError(null);
    try {
      await refund.mutateAsync(parsed.data.reason);
      setOpen(false);
      setReason('');
    } catch (failure) {
      setError(failure instanceof SendFailed ? failure.message : 'Something went wrong.');
    }
  }

  return (
    <DialogPanel
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setError(null);
      }}
      trigger="Refund"
      triggerVariant="secondary"
      title={`Refund order ${order.id}?`}
      description={
        card
          ? 'The card payment goes back to the customer through Stripe. The order leaves the payouts, its timeline says who refunded it and why, and the customer is told by DM. This cannot be undone.'
          : 'Roblox cannot refund Robux through its API: send the Robux back to the customer by hand in Roblox, then record the refund here. The order leaves the payouts, its timeline says who refunded it and why, and the customer is told by DM.'
      }
      size="form"
    >
      <form onSubmit={(event) => void submit(event)} className="mt-4 space-y-3" noValidate>
        <label className="block space-y-1">
          <span className="text-sm font-semibold">Reason (the customer reads it)</span>
          <textarea
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            maxLength={REFUND_REASON_MAX}
            rows={3}
            required
            aria-invalid={error ? true : undefined}
            className="w-full rounded-lg border border-line bg-ink p-2"
          />
        </label>
        {error && (
          <p role="alert" className="rounded-lg border border-red-400 bg-red-950 p-3 text-sm">
            {error}
          </p>
        )}
        <DialogActions
          busy={refund.isPending}
          label={card ? 'Refund the card payment' : 'Record the Robux refund'}
          busyLabel="Refunding…"
        />
      </form>
    </DialogPanel>
  );
}
