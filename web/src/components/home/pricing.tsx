import {
  formatRobux,
  POPULAR_PLAN_BADGE,
  PRICING_BUTTON_LABEL,
  PRICING_HEADING,
  PRICING_PLANS,
} from '../../../../core/site/pricing';
import { useSiteBlock } from '../../data/site-content';
import { useSiteSettings } from '../../data/site-settings';
import { Icon } from '../icon';
import { buttonClass } from '../ui/button';
import { HomeSection } from './home-section';

export function Pricing() {
  const { discordInviteUrl } = useSiteSettings();
  const pricing = useSiteBlock('pricing', PRICING_PLANS);
  return (
    <HomeSection
      id="pricing"
      title={PRICING_HEADING}
      lead="Pay upfront in Robux or by card. Orders are opened as tickets in our Discord."
    >
      <ul className="grid gap-6 md:grid-cols-3">
        {pricing.map((plan) => (
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
            <a
              href={discordInviteUrl}
              target="_blank"
              rel="noopener noreferrer"
              className={`${buttonClass(plan.popular ? 'primary' : 'secondary')} mt-auto`}
            >
              {PRICING_BUTTON_LABEL}
              <span className="sr-only"> with {plan.title} (opens in a new tab)</span>
            </a>
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}
