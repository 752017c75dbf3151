import type { GoLiveFacts, GoLiveItem, GoLiveWhere } from './go-live';

// The go-live checklist's site-content items (core/setup/go-live.ts): the team and portfolios
// the studio made (demo rows do not count), and the home page's blocks an executive reviewed,
// each said in the words the site shows now.

/** Where an item is done in the dashboard. */
export const dashboard = (href: string, label: string): GoLiveWhere => ({
  kind: 'dashboard',
  href,
  label,
});

export type ReviewedBlock = {
  key: keyof GoLiveFacts['reviewed'];
  label: string;
  /** What a visitor reads there now, as a phrase. */
  shows: string;
};

export function reviewedItem(
  id: 'pricing-services' | 'stats-promos',
  title: string,
  blocks: ReviewedBlock[],
  facts: GoLiveFacts,
): GoLiveItem {
  const left = blocks.filter((block) => !facts.reviewed[block.key]);
  const labels = left.map((block) => block.label);
  const names = [labels.slice(0, -1).join(', '), labels.at(-1)].filter(Boolean).join(' and ');
  return {
    id,
    title,
    done: left.length === 0,
    detail:
      left.length === 0
        ? 'Saved by an executive.'
        : `Still the built-in ${names}: ${left.map((block) => block.shows).join('; ')}. Saving a block marks it reviewed.`,
    where: dashboard(
      `/dashboard/content/home#${left[0]?.key ?? blocks[0]?.key ?? ''}`,
      'Site content → Home page',
    ),
  };
}

const quoted = (phrases: string[]) => phrases.map((phrase) => `“${phrase}”`).join(', ');

/** The hero's claims, in the words the hero shows them. */
export function heroBlocks({ hero }: GoLiveFacts): ReviewedBlock[] {
  return [
    { key: 'hero', label: 'hero', shows: `the hero says ${quoted([hero.badge])}` },
    {
      key: 'stats',
      label: 'stats',
      shows:
        hero.stats.length > 0
          ? `the hero claims ${quoted(hero.stats)}`
          : 'no stats show under the hero',
    },
    {
      key: 'promos',
      label: 'promos',
      shows:
        hero.promos === 0
          ? 'no promo runs'
          : `${hero.promos} promo${hero.promos === 1 ? '' : 's'} run${hero.promos === 1 ? 's' : ''} until you change them`,
    },
  ];
}

export function teamItem({ shownMembers, demo }: GoLiveFacts): GoLiveItem {
  const demoNote =
    demo.members > 0
      ? ` The ${demo.members} demo ${demo.members === 1 ? 'person does' : 'people do'} not count: remove them on the Overview (Remove all demo content).`
      : '';
  return {
    id: 'team',
    title: 'Team on the home page',
    done: shownMembers > 0,
    detail:
      (shownMembers > 0
        ? `${shownMembers} ${shownMembers === 1 ? 'person is' : 'people are'} shown in the team directory.`
        : 'No one of your own is shown yet: add a category, then members in it.') + demoNote,
    where: dashboard('/dashboard/content/team', 'Site content → Team'),
  };
}

export function portfolioItem({ portfolios }: GoLiveFacts): GoLiveItem {
  const base = {
    id: 'portfolio',
    title: 'At least one portfolio',
    where: dashboard('/dashboard/content/portfolios', 'Site content → Portfolios'),
  } as const;
  const { count, defaultUsername, defaultExists, defaultIsDemo } = portfolios;
  if (count === 0) {
    return {
      ...base,
      done: false,
      detail:
        'No portfolio of your own yet (demo portfolios do not count): create one, then choose it as the default in Settings.',
    };
  }
  if (!defaultUsername || !defaultExists || defaultIsDemo) {
    const problem = !defaultUsername
      ? 'No default portfolio is chosen, so the nav has no Portfolio link'
      : !defaultExists
        ? `The default portfolio, @${defaultUsername}, does not exist, so the nav has no Portfolio link`
        : `The nav’s Portfolio link shows @${defaultUsername}, a demo portfolio`;
    return {
      ...base,
      done: false,
      detail: `${problem}: choose one of yours in Site content → Settings.`,
      where: dashboard('/dashboard/content/settings#portfolio', 'Site content → Settings'),
    };
  }
  return {
    ...base,
    done: true,
    detail: `${count} portfolio${count === 1 ? '' : 's'}; the nav links to @${defaultUsername}’s.`,
  };
}
