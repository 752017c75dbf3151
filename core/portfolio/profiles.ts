import type { Portfolio } from './schema';

export const ASH_PORTFOLIO: Portfolio = {
  username: 'ashgfx',
  name: 'Ash',
  title: 'Lead Designer',
  subtitle: 'Logos, banners and emojis for ERLC communities',
  about: {
    mainText:
      "I'm Ash, lead designer at Lunar. I design logos, banners and emoji packs that give roleplay communities an identity their members are proud to wear.",
    secondaryText:
      'As a lead I also run quality control for the graphics team, so every design that leaves Lunar has had a second pair of eyes on it.',
  },
  skills: [
    { name: 'Logo Design', level: 95 },
    { name: 'Banner Design', level: 90 },
    { name: 'Emoji Design', level: 88 },
    { name: 'Photoshop', level: 85 },
    { name: 'Illustrator', level: 80 },
    { name: 'Discord Server Setup', level: 72 },
  ],
  expertise: [
    {
      icon: 'palette',
      title: 'Brand Identity',
      description: 'Logos and colour systems that read clearly on Discord, Roblox and merch.',
    },
    {
      icon: 'image',
      title: 'Banners',
      description: 'Announcement, recruitment and server banners sized for every placement.',
    },
    {
      icon: 'smile',
      title: 'Emoji Packs',
      description: 'Consistent emoji sets that stay legible at the smallest size.',
    },
  ],
  projects: [
    {
      icon: 'palette',
      title: 'River City Rebrand',
      description: 'New logo, colour palette and banner set for a 5,000-member ERLC server.',
      tag: 'Branding',
      stats: [
        { label: 'Assets', value: '24' },
        { label: 'Delivered in', value: '4 days' },
      ],
    },
    {
      icon: 'smile',
      title: 'Sheriff Emoji Pack',
      description: 'Thirty custom emojis for ranks, reactions and announcements.',
      tag: 'Emojis',
    },
    {
      icon: 'image',
      title: 'Recruitment Campaign',
      description: 'A banner series that doubled applications for a state police department.',
      tag: 'Banners',
      stats: [{ label: 'Applications', value: '2x' }],
    },
  ],
  testimonials: [
    {
      name: 'Liam',
      role: 'Owner, Coastal ERLC',
      content: 'Ash nailed our logo on the first draft. The revisions were just polish.',
    },
    {
      name: 'Chloe',
      role: 'Chief, Westbridge Fire',
      content: 'Our server finally looks as professional as our roleplay.',
    },
  ],
  githubUrl: null,
  contactUrl: '/contact',
};
