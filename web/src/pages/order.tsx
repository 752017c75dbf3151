import { Link, useParams } from 'react-router';
import { PRICING_PLANS } from '../../../core/site/pricing';
import { SERVICE_CARDS } from '../../../core/site/services';
import type { SiteContent } from '../../../core/site/site-content';
import { SITE_CONTENT_URL } from '../../../core/site/site-content-url';
import { findTicketService, listTicketServices } from '../../../core/tickets/services';
import { CustomerGate, SignInProblem } from '../components/order/customer-gate';
import { IntakeForm } from '../components/order/intake-form';
import { useApi } from '../data/use-api';

// "Order" on a pricing plan or a service card (decision 047): Continue with Discord, then the
// intake the Discord modal asks for; the ticket opens in the studio's server.

export default function OrderPage() {
  const { kind = '', item = '' } = useParams();
  const content = useApi<SiteContent>(SITE_CONTENT_URL);
  const services = content.data?.services ?? SERVICE_CARDS;
  const plans = content.data?.pricing ?? PRICING_PLANS;
  const key = `${kind}:${item}`.toLowerCase();
  const service = findTicketService(listTicketServices(services, plans), key);
  if (content.status === 'loading') {
    return (
      <main className="mx-auto max-w-2xl px-4 pt-28 pb-16" aria-busy="true">
        <p className="text-muted">Loading…</p>
      </main>
    );
  }

  return (
    <main className="mx-auto max-w-2xl px-4 pt-28 pb-16">
      {service ? (
        <>
          <p className="text-sm font-semibold text-lavender">Order</p>
          <h1 className="mt-1 text-3xl font-bold tracking-tight sm:text-4xl">{service.label}</h1>
          <p className="mt-3 text-muted">
            Tell us what you need. A designer picks up your ticket in our Discord server, agrees the
            price with you there, and you pay upfront in Robux or by card.
          </p>
          <SignInProblem />
          <CustomerGate why={`to order ${service.label}`}>
            {(customer) => (
              <>
                <p className="mt-6 text-sm text-muted">
                  Signed in with Discord as{' '}
                  <strong className="text-white">{customer.username}</strong>.{' '}
                  <Link to="/orders" className="underline">
                    Your orders
                  </Link>
                </p>
                <IntakeForm serviceKey={service.key} />
              </>
            )}
          </CustomerGate>
        </>
      ) : (
        <>
          <h1 className="text-3xl font-bold tracking-tight">We do not offer this any more</h1>
          <p className="mt-3 text-muted">
            Pick a plan or a service on{' '}
            <Link to="/#pricing" className="font-semibold text-lavender underline">
              our pricing
            </Link>
            .
          </p>
        </>
      )}
    </main>
  );
}
