type BlogPostSeed = {
  title: string;
  /** YYYY-MM-DD */
  date: string;
  content: string;
};

export const BLOG_HEADING = 'Lunar Blog';

export const SEED_BLOG_POST: BlogPostSeed = {
  title: 'Welcome to Lunar',
  date: '2024-03-19',
  content: [
    'Welcome to the Lunar blog! Lunar is a design studio built for Roblox ERLC communities. Our team designs logos, banners, emojis, uniforms and liveries, edits in-game photography, sets up Discord servers and builds custom Discord bots.',
    'Every order starts with a ticket in our Discord server. A designer from the right team claims it, talks through your ideas and budget, and gets to work once payment is in. Before anything reaches you, a lead designer checks it in quality control, so you get work we are proud of.',
    'Here we will share studio news, behind-the-scenes looks at recent projects, tips for making your community stand out and announcements about offers and openings on the team. Thanks for being here, and see you in the Discord!',
  ].join('\n\n'),
};
