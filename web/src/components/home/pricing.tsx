import { Link } from 'react-router';
import {
  formatRobux,
  POPULAR_PLAN_BADGE,
  PRICING_BUTTON_LABEL,
  PRICING_HEADING,
  PRICING_PLANS,
} from '../../../../core/site/pricing';
import { orderPath } from '../../../../core/tickets/order-path';
import { listTicketServices } from '../../../../core/tickets/services';
import { useSiteBlock } from '../../data/site-content';
import { Icon } from '../icon';
import { buttonClass } from '../ui/button';
import { HomeSection } from './home-section';

export function Pricing() {
  const pricing = useSiteBlock('pricing', PRICING_PLANS);
  // Each plan's key as the Discord panel's select names it, so both open the same service.
  const keys = listTicketServices([], pricing).map((service) => service.key);
  return (
    <HomeSection
      id="pricing"
      title={PRICING_HEADING}
      lead="Pay upfront in Robux or by card. Each order opens a ticket in our Discord, straight from here."
    >
      <ul className="grid gap-6 md:grid-cols-3">
        {pricing.map((plan, index) => (
          <li
            key={plan.title}
            className={`relative flex flex-col rounded-2xl border p-7 ${
              plan.popular
                ? 'border-lavender bg-lavender/10 shadow-lg shadow-lavender/10'
                : 'border-line bg-panel'
            }`}
          >
            {plan.popular && (
              <p className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-lavender px-3 py-1 text-xs font-bold text-ink">
                {POPULAR_PLAN_BADGE}
              </p>
            )}
            <h3 className="text-lg font-semibold">{plan.title}</h3>
            <p className="mt-3 text-4xl font-extrabold">{formatRobux(plan.price)}</p>
            <ul className="mt-6 mb-8 space-y-3 text-sm">
              {plan.features.map((feature) => (
                <li key={feature} className="flex gap-2">
                  <Icon name="check" className="size-5 shrink-0 text-lavender" />
                  {feature}
                </li>
              ))}
            </ul>
            <Link
              to={orderPath(keys[index] ?? '')}
              className={`${buttonClass(plan.popular ? 'primary' : 'secondary')} mt-auto`}
            >
              {PRICING_BUTTON_LABEL}
              <span className="sr-only"> with {plan.title}</span>
            </Link>
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}
