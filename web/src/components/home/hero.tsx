import { HERO, TOP_RATED_BADGE, TRUST_BADGES } from '../../../../core/site/site';
import { useSiteSettings } from '../../data/site-settings';
import { Icon } from '../icon';
import { buttonClass } from '../ui/button';

export function Hero() {
  const { discordInviteUrl } = useSiteSettings();
  return (
    <section className="relative overflow-hidden px-4 pt-36 pb-20 text-center">
      <div
        aria-hidden="true"
        className="absolute inset-x-0 -top-40 -z-10 mx-auto h-[32rem] max-w-4xl rounded-full bg-lavender/20 blur-3xl"
      />
      <p className="inline-flex items-center gap-2 rounded-full border border-lavender/40 bg-lavender/10 px-4 py-1.5 text-sm font-medium text-lavender-strong">
        <Icon name="trophy" className="size-4" />
        {TOP_RATED_BADGE}
      </p>
      {/* 30 px on a phone: at 36 "ERLC Community" no longer fits one line and "Community" would end alone. */}
      <h1 className="mx-auto mt-6 max-w-3xl text-3xl font-extrabold tracking-tight text-balance sm:text-6xl">
        {HERO.headline}
      </h1>
      {/* Balanced lines: the last one never holds a single word. */}
      <p className="mx-auto mt-6 max-w-2xl text-lg text-balance text-muted">{HERO.tagline}</p>
      <div className="mt-10 flex flex-wrap justify-center gap-4">
        <a
          href={discordInviteUrl}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClass()}
        >
          <Icon name="discord" />
          {HERO.primaryButton}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
        <a href={HERO.secondaryHref} className={buttonClass('secondary')}>
          {HERO.secondaryButton}
        </a>
      </div>
      <ul
        aria-label="Why Lunar"
        className="mx-auto mt-12 flex max-w-4xl flex-wrap justify-center gap-3"
      >
        {TRUST_BADGES.map((badge) => (
          <li
            key={badge.label}
            className="flex items-center gap-2 rounded-full border border-line bg-panel px-4 py-2 text-sm"
          >
            <Icon name={badge.icon} className="size-4 text-lavender" />
            {badge.label}
          </li>
        ))}
      </ul>
    </section>
  );
}
