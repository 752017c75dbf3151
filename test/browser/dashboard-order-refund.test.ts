import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCardPaymentsRepository } from '../../db/repositories/card-payments';
import { startFakeStripe } from '../support/fake-stripe';
import { insertOrder } from '../support/orders';
import { deliverWebhook, stripeEvent } from '../support/stripe-signature';
import {
  expectNoAxeViolations,
  PHONE,
  useBrowserSite,
  waitForData,
  watchPageErrors,
} from './support';

// The executives' Refund dialog on the order page (issue 31), against the fake Stripe: a
// reason is required, the dialog says what will happen, the page shows the refund; a Robux
// order's dialog says the refund is made by hand in Roblox; a lead has no Refund button.

const stripe = await startFakeStripe();
afterAll(() => stripe.close());

const DESIGNER = '200000000000000001';
const CUSTOMER = '200000000000000077';
const EXECUTIVE = { discordId: '200000000000000011', username: 'Exa' };

describe('the Refund dialog in Chromium', () => {
  const site = useBrowserSite(stripe.env);

  beforeAll(async () => {
    // Paid by card the way customers pay: the site's checkout link, Stripe's signed webhook.
    await insertOrder(site.db, {
      id: 'refund-card',
      designerDiscordId: DESIGNER,
      customerDiscordId: CUSTOMER,
      priceRobux: 700,
    });
    await site.db.transaction((tx) =>
      createCardPaymentsRepository(site.db).saveCardPayment(tx, {
        orderId: 'refund-card',
        amount: 1500,
        currency: 'usd',
        at: new Date(),
      }),
    );
    const checkout = await fetch(`${site.url}/api/payments/card/refund-card/checkout`, {
      redirect: 'manual',
    });
    expect(checkout.status).toBe(303);
    const session = stripe.pay(stripe.sessionsFor('refund-card').at(-1)?.id ?? '');
    const webhook = `${site.url}/api/payments/stripe/webhook`;
    expect(
      await deliverWebhook(
        webhook,
        stripeEvent('checkout.session.completed', session),
        stripe.webhookSecret,
      ),
    ).toBe(200);
    // Paid in Robux, verified by a person.
    for (const id of ['refund-robux', 'refund-lead']) {
      await insertOrder(site.db, {
        id,
        status: 'paid',
        designerDiscordId: DESIGNER,
        customerDiscordId: CUSTOMER,
        priceRobux: 700,
        paidAt: new Date(),
        paymentVerifiedBy: '200000000000000099',
        paidWith: 'robux',
      });
    }
  });

  async function openOrder(page: Page, id: string) {
    await page.goto(`${site.url}/dashboard/orders/${id}`);
    await page.getByRole('heading', { name: 'Timeline' }).waitFor();
    await waitForData(page);
  }

  it('refunds a card payment: a reason first, what happens, then the refund on the page', async () => {
    const page = await site.browser.newPage();
    const errors = watchPageErrors(page);
    await site.signInAsStaff(page, ['executive'], EXECUTIVE);
    await openOrder(page, 'refund-card');
    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Refund order refund-card?' });
    await dialog.waitFor();
    await expect
      .poll(() => dialog.textContent())
      .toContain('The card payment goes back to the customer through Stripe.');
    await expectNoAxeViolations(page);

    // No reason: said in words, nothing sent to Stripe.
    await dialog.getByRole('button', { name: 'Refund the card payment' }).click();
    await expect
      .poll(() => dialog.getByRole('alert').textContent())
      .toBe('Reason: say why the order is refunded (at least 3 characters)');
    expect(stripe.refunds.size).toBe(0);
    await expectNoAxeViolations(page);

    await dialog.getByRole('textbox').fill('The customer cancelled before work began');
    await dialog.getByRole('button', { name: 'Refund the card payment' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const refunded = page.getByText(/^Refunded \$15\.00/);
    await refunded.waitFor();
    expect(await refunded.textContent()).toContain(
      'by Exa: The customer cancelled before work began',
    );
    expect([...stripe.refunds.values()].map((r) => [r.amount, r.metadata.order_id])).toEqual([
      [1500, 'refund-card'],
    ]);
    // Refunded once: the button is gone.
    expect(await page.getByRole('button', { name: 'Refund', exact: true }).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('on a phone, says a Robux refund is made by hand in Roblox and records it', async () => {
    const page = await site.browser.newPage(PHONE);
    const errors = watchPageErrors(page);
    await site.signInAsStaff(page, ['executive'], EXECUTIVE);
    await openOrder(page, 'refund-robux');
    await page.getByRole('button', { name: 'Refund', exact: true }).tap();
    const dialog = page.getByRole('dialog', { name: 'Refund order refund-robux?' });
    await dialog.waitFor();
    await expect
      .poll(() => dialog.textContent())
      .toContain(
        'Roblox cannot refund Robux through its API: send the Robux back to the customer by hand in Roblox',
      );
    // The dialog fits the phone's width.
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.viewport.width).toBe(true);
    await expectNoAxeViolations(page);

    await dialog.getByRole('textbox').fill('Ordered twice by mistake');
    await dialog.getByRole('button', { name: 'Record the Robux refund' }).tap();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText(/^Refunded 1,000 R\$/).waitFor();
    expect(await page.getByRole('button', { name: 'Refund', exact: true }).count()).toBe(0);
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('gives a lead no Refund button', async () => {
    const page = await site.browser.newPage();
    const errors = watchPageErrors(page);
    await site.signInAsStaff(page, ['lead'], { discordId: '200000000000000012', username: 'Lea' });
    await openOrder(page, 'refund-lead');
    expect(await page.getByRole('button', { name: 'Refund', exact: true }).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});
