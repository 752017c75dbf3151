import { HERO_TEXT } from '../../../../core/site/hero-text';
import { HERO } from '../../../../core/site/site';
import { STAT_TILES } from '../../../../core/site/stat-tiles';
import type { TeamResponse } from '../../../../core/team/schema';
import { useSiteBlock } from '../../data/site-content';
import { useSiteSettings } from '../../data/site-settings';
import { useApi } from '../../data/use-api';
import { Icon } from '../icon';
import { buttonClass } from '../ui/button';

export function Hero() {
  const { discordInviteUrl } = useSiteSettings();
  // The badges are the stats executives edit (Site content → Home page): one claim, said once.
  const stats = useSiteBlock('stats', STAT_TILES);
  const words = useSiteBlock('hero', HERO_TEXT);
  // 'View Our Work' leads to the team; a site with no one on it yet does not offer it.
  const team = useApi<TeamResponse>('/api/team');
  const hasTeam = team.data?.categories.some((category) => category.members.length > 0) ?? true;
  return (
    <section className="relative overflow-hidden px-4 pt-36 pb-20 text-center">
      <div
        aria-hidden="true"
        className="absolute inset-x-0 -top-40 -z-10 mx-auto h-[32rem] max-w-4xl rounded-full bg-lavender/20 blur-3xl"
      />
      {words.badge && (
        <p className="inline-flex items-center gap-2 rounded-full border border-lavender/40 bg-lavender/10 px-4 py-1.5 text-sm font-medium text-lavender-strong">
          <Icon name="trophy" className="size-4" />
          {words.badge}
        </p>
      )}
      {/* 30 px on a phone: at 36 "ERLC Community" no longer fits one line and "Community" would end alone. */}
      <h1 className="mx-auto mt-6 max-w-3xl text-3xl font-extrabold tracking-tight text-balance sm:text-6xl">
        {words.headline}
      </h1>
      {/* Balanced lines: the last one never holds a single word. */}
      <p className="mx-auto mt-6 max-w-2xl text-lg text-balance text-muted">{words.tagline}</p>
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
        {hasTeam && (
          <a href={HERO.secondaryHref} className={buttonClass('secondary')}>
            {HERO.secondaryButton}
          </a>
        )}
      </div>
      {stats.length > 0 && (
        <ul
          aria-label="Why Lunar"
          className="mx-auto mt-12 flex max-w-4xl flex-wrap justify-center gap-3"
        >
          {stats.map((stat) => (
            <li
              key={`${stat.value} ${stat.label}`}
              className="flex items-center gap-2 rounded-full border border-line bg-panel px-4 py-2 text-sm"
            >
              <Icon name={stat.icon} className="size-4 text-lavender" />
              {`${stat.value} ${stat.label}`}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
