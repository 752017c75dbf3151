import type { Portfolio } from './schema';

// Decision 11: the fallback profile is configuration; this is its default.
export const DEFAULT_PORTFOLIO_USERNAME = 'novadev';

export const DEFAULT_PORTFOLIO: Portfolio = {
  username: DEFAULT_PORTFOLIO_USERNAME,
  name: 'Nova',
  title: 'Lead Bot Developer',
  subtitle: 'Custom Discord bots and automation for ERLC communities',
  about: {
    mainText:
      "I'm Nova, Lunar's lead bot developer. I build the Discord bots that run ERLC communities day to day: ticket systems, applications, shift logging and moderation tools that staff actually enjoy using.",
    secondaryText:
      'I also look after the bot behind our own studio, from payment verification to order logs, so I know what a busy server needs: fast responses, clear errors and nothing lost when Discord has a bad day.',
  },
  skills: [
    { name: 'TypeScript', level: 95 },
    { name: 'discord.js', level: 92 },
    { name: 'Node.js', level: 90 },
    { name: 'PostgreSQL', level: 82 },
    { name: 'Roblox API Integrations', level: 78 },
    { name: 'UI Design', level: 70 },
  ],
  expertise: [
    {
      icon: 'bot',
      title: 'Custom Discord Bots',
      description: 'Slash commands, buttons and modals designed around how your staff work.',
    },
    {
      icon: 'server',
      title: 'Reliable Hosting',
      description: 'Monitored deployments with automatic restarts and zero-downtime updates.',
    },
    {
      icon: 'shield',
      title: 'Moderation & Security',
      description: 'Role-checked commands, audit logs and anti-raid protection for your server.',
    },
    {
      icon: 'zap',
      title: 'Automation',
      description:
        'Applications, tickets and shift logs that run themselves and never miss a step.',
    },
  ],
  projects: [
    {
      icon: 'bot',
      title: 'Lunar Assistant',
      description:
        "The studio's own bot: payments with tax calculation, quality control, order logs and customer reviews.",
      tag: 'Discord Bot',
      stats: [
        { label: 'Users', value: '40,000+' },
        { label: 'Uptime', value: '99.9%' },
        { label: 'Daily commands', value: '100K+' },
      ],
    },
    {
      icon: 'shield',
      title: 'Department Toolkit',
      description:
        'Shift tracking, promotions and disciplinary logs for ERLC police and fire departments.',
      tag: 'Automation',
      stats: [
        { label: 'Servers', value: '120+' },
        { label: 'Shifts logged', value: '250K+' },
      ],
    },
    {
      icon: 'message',
      title: 'Ticket System',
      description:
        'Category-based support tickets with transcripts, claim buttons and staff statistics.',
      tag: 'Support',
      link: '/#discord-bots',
    },
    {
      icon: 'users',
      title: 'Application Portal',
      description: 'Multi-step staff applications that land in Discord for review with one click.',
      tag: 'Web + Bot',
    },
  ],
  testimonials: [
    {
      name: 'Jordan',
      role: 'Owner, River City Roleplay',
      content:
        'Our ticket backlog disappeared the week Nova set up our bot. It has not gone down once since.',
    },
    {
      name: 'Mason',
      role: 'Director, Liberty County Sheriff',
      content: 'Shift logging used to be a spreadsheet nightmare. Now it just happens.',
    },
    {
      name: 'Ava',
      role: 'Community Manager, Metro ERLC',
      content: 'Fast, clear about what was possible, and delivered exactly what we asked for.',
    },
  ],
  // Placeholder until the studio publishes its organisation page.
  githubUrl: 'https://github.com/',
  contactUrl: '/contact',
};
