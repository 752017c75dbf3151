import { activePromos, PROMO_BANNERS } from '../../../../core/site/site';
import { useSiteBlock } from '../../data/site-content';
import { useSiteSettings } from '../../data/site-settings';
import { Icon } from '../icon';
import { PromoButton } from '../promo-button';

/** The spec's promo banner above the profile: the first promo running today, if any. */
export function PromoBanner() {
  const [promo] = activePromos(useSiteBlock('promos', PROMO_BANNERS), useSiteSettings().today);
  if (!promo) return null;
  return (
    <aside
      aria-label="Promotion"
      className="flex flex-wrap items-center gap-3 rounded-xl border border-lavender/40 bg-gradient-to-r from-lavender/20 to-panel px-4 py-3"
    >
      <Icon name="gift" className="size-6 text-lavender-strong" />
      <p className="mr-auto font-semibold">
        {promo.badge && (
          <span className="mr-2 text-xs tracking-wider text-lavender-strong uppercase">
            {promo.badge}
          </span>
        )}
        {promo.text}
      </p>
      {promo.buttonLabel && <PromoButton label={promo.buttonLabel} />}
    </aside>
  );
}
