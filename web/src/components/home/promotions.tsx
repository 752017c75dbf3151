import { activePromos, PROMO_BANNERS } from '../../../../core/site/site';
import { useSiteBlock } from '../../data/site-content';
import { useSiteSettings } from '../../data/site-settings';
import { Icon } from '../icon';
import { PromoButton } from '../promo-button';

/** The promos running on the server's render date (the render cache's key holds it). */
export function Promotions() {
  const promos = activePromos(useSiteBlock('promos', PROMO_BANNERS), useSiteSettings().today);
  if (promos.length === 0) return null;
  return (
    <section aria-label="Promotions" className="mx-auto grid max-w-6xl gap-4 px-4 md:grid-cols-2">
      {promos.map((promo) => (
        <div
          key={promo.id}
          className="flex flex-wrap items-center gap-4 rounded-xl border border-lavender/40 bg-gradient-to-r from-lavender/20 to-panel p-5"
        >
          <Icon
            name={promo.buttonLabel ? 'gift' : 'rocket'}
            className="size-7 text-lavender-strong"
          />
          <div className="mr-auto">
            {promo.badge && (
              <p className="text-xs font-semibold tracking-wider text-lavender-strong uppercase">
                {promo.badge}
              </p>
            )}
            <p className="text-lg font-bold">{promo.text}</p>
          </div>
          {promo.buttonLabel && <PromoButton label={promo.buttonLabel} />}
        </div>
      ))}
    </section>
  );
}
