import { countDistinct, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { hasDiscordConnection } from '../../../core/config';
import { type GoLiveFacts, goLiveChecklist } from '../../../core/setup/go-live';
import { activePromos, utcDay } from '../../../core/site/promos';
import {
  PLACEHOLDER_DISCORD_INVITE_URL,
  PLACEHOLDER_SUPPORT_EMAIL,
} from '../../../core/site/studio-settings';
import { createDemoContentRepository } from '../../../db/repositories/demo-content';
import { createPortfoliosRepository } from '../../../db/repositories/portfolios';
import { createSystemStateRepository } from '../../../db/repositories/system-state';
import { teamCategoryMembers, teamMembers } from '../../../db/schema';
import { getSignedInStaff, requireRole } from '../../plugins/auth';
import { createSiteContent } from '../../site-settings';

// The go-live checklist (core/setup/go-live.ts) for the executives' Overview, from the data
// and from the configuration only the server knows; and whether Discord is connected, which
// the accept dialog tells reviewers (the applicant's DM waits until it is).

const goLiveRoutes: FastifyPluginAsync = async (app) => {
  const { config } = app;
  const state = createSystemStateRepository(app.db);
  const content = createSiteContent(app.db, config);
  const portfolios = createPortfoliosRepository(app.db);
  const demo = createDemoContentRepository(app.db);
  const executives = { onRequest: requireRole('executive') };

  async function discordFacts(): Promise<GoLiveFacts['discord']> {
    const configured = hasDiscordConnection(config);
    const [auth, bot] = await Promise.all([state.discordAuth(), state.botStatus()]);
    return {
      configured,
      refusedSince: auth.status === 'unauthorized' ? auth.since : null,
      bot: configured ? bot : null,
      reviewerRoles: Boolean(config.discord.roles.lead || config.discord.roles.executive),
    };
  }

  /** The studio's own portfolios and the default's, demo ones apart. */
  async function portfolioFacts(): Promise<GoLiveFacts['portfolios']> {
    const [list, chosen] = await Promise.all([portfolios.listKeys(), content.read('portfolio')]);
    const { defaultUsername } = chosen.value;
    const found = list.find((one) => one.username === defaultUsername);
    return {
      count: list.filter((one) => !one.demo).length,
      defaultUsername,
      defaultExists: found !== undefined,
      defaultIsDemo: found?.demo ?? false,
    };
  }

  async function checklist() {
    const [discord, [shown], portfolio, demoCounts, stored, shows, settings, backups] =
      await Promise.all([
        discordFacts(),
        // Made-up people do not make a team.
        app.db
          .select({ members: countDistinct(teamCategoryMembers.memberId) })
          .from(teamCategoryMembers)
          .innerJoin(teamMembers, eq(teamMembers.id, teamCategoryMembers.memberId))
          .where(eq(teamMembers.demo, false)),
        portfolioFacts(),
        demo.count(),
        content.storedKeys(),
        content.readAll(),
        content.read('settings'),
        state.backupsConfirmation(),
      ]);
    const items = goLiveChecklist({
      discord,
      shownMembers: Number(shown?.members ?? 0),
      demo: demoCounts,
      portfolios: portfolio,
      hero: {
        badge: shows.hero.badge,
        stats: shows.stats.map((stat) => `${stat.value} ${stat.label}`),
        promos: activePromos(shows.promos, utcDay(new Date())).length,
      },
      reviewed: {
        hero: stored.includes('hero'),
        services: stored.includes('services'),
        pricing: stored.includes('pricing'),
        stats: stored.includes('stats'),
        promos: stored.includes('promos'),
      },
      settings: {
        stored: settings.stored,
        emailConfigured: config.SUPPORT_EMAIL !== PLACEHOLDER_SUPPORT_EMAIL,
        inviteConfigured: config.DISCORD_INVITE_URL !== PLACEHOLDER_DISCORD_INVITE_URL,
        legalLastUpdated: settings.value.legalLastUpdated,
      },
      backups,
    });
    return { items, done: items.every((item) => item.done) };
  }

  app.get('/go-live', executives, checklist);

  // Only a person knows backups run: the first executive to say so is recorded, with when.
  app.post('/go-live/backups', executives, async (request) => {
    const { staff } = await getSignedInStaff(request);
    await state.confirmBackups(staff.username);
    return checklist();
  });

  // Any staff member: the decision dialog says whether the applicant hears now or later.
  app.get('/discord-status', async () => {
    const discord = await discordFacts();
    return { connected: discord.configured && !discord.refusedSince && discord.bot !== null };
  });
};

export default goLiveRoutes;
