import { describe, expect, it } from 'vitest';
import { describePaymentCheck } from './staff-list';

// The Payments list's "Automatic check" column for card orders (docs/decisions/051-payments.md).

describe('describePaymentCheck', () => {
  const unpaid = { check: 'not_checked', escalationReason: null, status: 'awaiting' } as const;

  it('says what Stripe last said about an unpaid order’s card checkout', () => {
    const card = { ...unpaid, method: 'robux_or_card' } as const;
    expect(describePaymentCheck({ ...card, cardCheckout: 'not_opened' })).toBe(
      'Card link not opened yet',
    );
    expect(describePaymentCheck({ ...card, cardCheckout: 'open' })).toBe('Waiting for Stripe');
    expect(describePaymentCheck({ ...card, cardCheckout: 'expired' })).toBe(
      'Card checkout expired',
    );
    expect(
      describePaymentCheck({ ...card, check: 'private_inventory', cardCheckout: 'expired' }),
    ).toBe('Inventory private; card checkout expired');
  });

  it('says Robux checks alone without a card price, and "paid by card" once paid by card', () => {
    expect(describePaymentCheck({ ...unpaid, check: 'not_yet', cardCheckout: null })).toBe(
      'Not bought yet',
    );
    expect(
      describePaymentCheck({ ...unpaid, status: 'paid', method: 'card', cardCheckout: 'complete' }),
    ).toBe('Paid by card through Stripe');
    // Paid in Robux: the card's state is no longer news.
    expect(
      describePaymentCheck({ ...unpaid, check: 'owned', status: 'paid', cardCheckout: 'open' }),
    ).toBe('Bought');
  });
});
