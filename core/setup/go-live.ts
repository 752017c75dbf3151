import { formatLongDate } from '../shared/long-date';
import { SPEC_LEGAL_LAST_UPDATED } from '../site/studio-settings';
import { dashboard, heroBlocks, portfolioItem, reviewedItem, teamItem } from './go-live-content';

// The go-live checklist (README "Go-live checklist"): what a studio sets up before it opens,
// each item ticked from the data rather than by hand, except backups, which only a person can
// vouch for. The server gathers the facts (server/routes/staff/go-live.ts); this decides.

/** What the bot found when it last connected (bot/bot-status.ts; system_state `discord_bot`). */
export type BotStatus = {
  connectedAt: string;
  /** The studio server's slash commands against this version's; null when they could not be read. */
  commands: {
    checkedAt: string;
    /** Ours, not registered yet. */
    missing: string[];
    /** Registered, but different from ours. */
    changed: string[];
  } | null;
};

/** Rows the demo seed made up (db/seed.ts), which "Remove all demo content" deletes. */
export type DemoCounts = { members: number; portfolios: number; posts: number };

/** An executive's word that backups run (system_state `go_live_backups`). */
export type BackupsConfirmation = { by: string; at: string };

export type GoLiveFacts = {
  discord: {
    /** DISCORD_TOKEN (and so DISCORD_GUILD_ID) is set. */
    configured: boolean;
    /** Discord refuses the token since this time (the outbox worker found it). */
    refusedSince: string | null;
    bot: BotStatus | null;
    /** DISCORD_LEAD_ROLE_ID or DISCORD_EXECUTIVE_ROLE_ID is set. */
    reviewerRoles: boolean;
  };
  /** The studio's own members shown on the home page (in a category); demo people not counted. */
  shownMembers: number;
  demo: DemoCounts;
  portfolios: {
    /** The studio's own; demo portfolios not counted. */
    count: number;
    /** The default portfolio chosen in Settings (DEFAULT_PORTFOLIO_USERNAME until then). */
    defaultUsername: string | null;
    defaultExists: boolean;
    defaultIsDemo: boolean;
  };
  /** Site content blocks an executive saved (whatever their value). */
  reviewed: {
    hero: boolean;
    services: boolean;
    pricing: boolean;
    stats: boolean;
    promos: boolean;
  };
  /** What the hero shows now, stored or built-in: its badge, its stats, the promos running. */
  hero: { badge: string; stats: string[]; promos: number };
  settings: {
    /** The settings block is saved. */
    stored: boolean;
    /** SUPPORT_EMAIL / DISCORD_INVITE_URL differ from the built-in placeholders. */
    emailConfigured: boolean;
    inviteConfigured: boolean;
    legalLastUpdated: string;
  };
  backups: BackupsConfirmation | null;
};

/** Where an item is done: a dashboard page, or a README section (settings in the environment). */
export type GoLiveWhere =
  | { kind: 'dashboard'; href: string; label: string }
  | { kind: 'readme'; section: string };

export type GoLiveItemId =
  | 'discord'
  | 'commands'
  | 'reviewer-roles'
  | 'team'
  | 'portfolio'
  | 'pricing-services'
  | 'stats-promos'
  | 'contact'
  | 'legal-date'
  | 'backups';

export type GoLiveItem = {
  id: GoLiveItemId;
  title: string;
  done: boolean;
  /** What is there now, or what is missing, in a sentence. */
  detail: string;
  where: GoLiveWhere;
};

const readme = (section: string): GoLiveWhere => ({ kind: 'readme', section });
const day = (iso: string) => formatLongDate(iso.slice(0, 10));
const list = (names: string[]) => names.map((name) => `/${name}`).join(', ');

function discordItem({ discord }: GoLiveFacts): GoLiveItem {
  const base = {
    id: 'discord',
    title: 'Discord connected',
    where: readme('Connecting Discord'),
  } as const;
  if (!discord.configured) {
    return {
      ...base,
      done: false,
      detail:
        'DISCORD_TOKEN is not set: the site and the dashboard work, and messages for Discord wait until it is.',
    };
  }
  if (discord.refusedSince) {
    return {
      ...base,
      done: false,
      detail: `Discord has refused the bot token since ${day(discord.refusedSince)}: reset it in the developer portal and set DISCORD_TOKEN again.`,
    };
  }
  if (!discord.bot) {
    return {
      ...base,
      done: false,
      detail:
        'The bot has not connected yet: start (or restart) a Lunar process with the bot role and check its log.',
    };
  }
  return { ...base, done: true, detail: `The bot connected on ${day(discord.bot.connectedAt)}.` };
}

function commandsItem({ discord }: GoLiveFacts): GoLiveItem {
  const base = {
    id: 'commands',
    title: 'Slash commands registered',
    where: readme('Connecting Discord'),
  } as const;
  const commands = discord.bot?.commands;
  if (!discord.configured || !discord.bot || !commands) {
    return {
      ...base,
      done: false,
      detail: discord.bot
        ? 'The bot could not read the server’s commands when it connected: check its log, run npm run discord:register, then restart Lunar.'
        : 'Once Discord is connected: run npm run discord:register, then restart Lunar (the bot checks the commands when it connects).',
    };
  }
  const outOfDate = [
    commands.missing.length > 0 && `missing ${list(commands.missing)}`,
    commands.changed.length > 0 && `changed ${list(commands.changed)}`,
  ].filter(Boolean);
  if (outOfDate.length > 0) {
    return {
      ...base,
      done: false,
      detail: `The server’s commands are not this version’s (${outOfDate.join('; ')}): run npm run discord:register, then restart Lunar.`,
    };
  }
  return {
    ...base,
    done: true,
    detail: `Every command is registered (checked ${day(commands.checkedAt)}).`,
  };
}

/** The checklist, in the order a studio works through it. */
export function goLiveChecklist(facts: GoLiveFacts): GoLiveItem[] {
  const { settings } = facts;
  // Saving Settings for the e-mail alone keeps the built-in date: only a date of the studio's own counts.
  const legalDateSet = settings.stored && settings.legalLastUpdated !== SPEC_LEGAL_LAST_UPDATED;
  const contactSet = settings.stored || (settings.emailConfigured && settings.inviteConfigured);
  return [
    discordItem(facts),
    commandsItem(facts),
    {
      id: 'reviewer-roles',
      title: 'Reviewer roles set',
      done: facts.discord.reviewerRoles,
      detail: facts.discord.reviewerRoles
        ? 'Members with the lead or executive role may accept and reject applications in Discord.'
        : 'Set DISCORD_LEAD_ROLE_ID and/or DISCORD_EXECUTIVE_ROLE_ID: without them nobody can accept or reject an application in Discord.',
      where: readme('Connecting Discord'),
    },
    teamItem(facts),
    portfolioItem(facts),
    reviewedItem(
      'pricing-services',
      'Pricing and services reviewed',
      [
        { key: 'pricing', label: 'pricing', shows: 'check the plans and prices are yours' },
        { key: 'services', label: 'services', shows: 'check the service cards are yours' },
      ],
      facts,
    ),
    reviewedItem('stats-promos', 'Hero, stats and promos reviewed', heroBlocks(facts), facts),
    {
      id: 'contact',
      title: 'Support e-mail and Discord invite set',
      done: contactSet,
      detail: contactSet
        ? 'Every page links to your support e-mail and Discord invite.'
        : 'The site still shows the built-in support@lunar.gg and discord.gg/lunar: save your own in Settings (or set SUPPORT_EMAIL and DISCORD_INVITE_URL).',
      where: dashboard('/dashboard/content/settings#settings', 'Site content → Settings'),
    },
    {
      id: 'legal-date',
      title: 'Legal pages’ date',
      done: legalDateSet,
      detail: legalDateSet
        ? `The terms and privacy policy say “Last updated: ${formatLongDate(settings.legalLastUpdated)}”.`
        : `The terms and privacy policy say “Last updated: ${formatLongDate(settings.legalLastUpdated)}”, the built-in date: set the day you last changed them.`,
      where: dashboard('/dashboard/content/settings#settings', 'Site content → Settings'),
    },
    {
      id: 'backups',
      title: 'Backups',
      done: facts.backups !== null,
      detail: facts.backups
        ? `Confirmed by ${facts.backups.by} on ${day(facts.backups.at)}.`
        : 'Set up backups of the database and the uploaded images, then confirm it here.',
      where: readme('Backups'),
    },
  ];
}
