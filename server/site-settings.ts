import type { FastifyInstance } from 'fastify';
import { utcDay } from '../core/site/promos';
import type { SiteSettings } from '../core/site/routes';
import { defaultStudioSettings } from '../core/site/studio-settings';
import type { Executor } from '../db/client';
import { createPortfoliosRepository } from '../db/repositories/portfolios';
import { createSiteContentRepository } from '../db/repositories/site-content';

type SettingsConfig = FastifyInstance['config'];

/**
 * The site's editable blocks, with the settings' defaults taken from the configuration: the
 * studio settings, and the default portfolio (DEFAULT_PORTFOLIO_USERNAME until one is chosen).
 */
export function createSiteContent(db: Executor, config: SettingsConfig) {
  return createSiteContentRepository(db, {
    settings: defaultStudioSettings(config),
    portfolio: { defaultUsername: config.DEFAULT_PORTFOLIO_USERNAME },
  });
}

/** The portfolio the nav links to and unknown usernames show, if one is chosen and exists. */
export function createDefaultPortfolioReader(db: Executor, config: SettingsConfig) {
  const content = createSiteContent(db, config);
  const portfolios = createPortfoliosRepository(db);
  return async function readDefaultPortfolio() {
    const { value } = await content.read('portfolio');
    return value.defaultUsername ? portfolios.findDefault(value.defaultUsername) : null;
  };
}

/**
 * What every page's frame is rendered with (SiteSettings): configuration, and stored content
 * every page shows: the studio settings (support e-mail, Discord invite, legal date), the
 * services for the nav, and the default portfolio chosen in Settings if it exists (the nav
 * links to it only then). Read when a page renders; every content write bumps the content version, so cached
 * pages render again with the change.
 */
export function createSiteSettingsReader(db: Executor, config: SettingsConfig) {
  const content = createSiteContent(db, config);
  const readDefaultPortfolio = createDefaultPortfolioReader(db, config);
  return async function readSiteSettings(now: Date): Promise<SiteSettings> {
    const [settings, services, portfolio] = await Promise.all([
      content.read('settings'),
      content.read('services'),
      readDefaultPortfolio(),
    ]);
    return {
      supportEmail: settings.value.supportEmail,
      discordInviteUrl: settings.value.discordInviteUrl,
      legalLastUpdated: settings.value.legalLastUpdated,
      portfolioUsername: portfolio ? portfolio.username : null,
      blogPasscodeSignIn: Boolean(config.BLOG_ADMIN_PASSCODE),
      retentionMonths: config.RETENTION_MONTHS,
      year: now.getUTCFullYear(),
      today: utcDay(now),
      services: services.value.map(({ id, title }) => ({ id, title })),
    };
  };
}
