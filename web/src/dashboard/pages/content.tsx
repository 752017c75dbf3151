import { Link, useLocation } from 'react-router';
import type { EditableTeamMember, TeamCategory } from '../../../../core/team/schema';
import { ApiProblem } from '../../components/ui/api-problem';
import { DefaultPortfolioEditor } from '../content/default-portfolio';
import { HeroEditor } from '../content/hero-block';
import { PortfolioEditor } from '../content/portfolio-editor';
import { PricingEditor } from '../content/pricing-block';
import { PromosEditor } from '../content/promos-block';
import { ServicesEditor } from '../content/services-block';
import { SettingsEditor } from '../content/settings-block';
import { StatsEditor } from '../content/stats-block';
import { TEAM_ENDPOINT } from '../content/team-api';
import { CategoriesEditor } from '../content/team-categories';
import { MembersEditor } from '../content/team-members';
import { TicketSettingsEditor } from '../content/ticket-settings-block';
import { useStaffQuery } from '../query';
import type { SectionPageProps } from '../sections';

// Site content (executives): everything a visitor reads that is not code, in four parts, each
// at /dashboard/content/<part>: the team directory, the portfolios, the home page's blocks and
// the studio's settings. Every form checks its values with the core schema the server checks
// them with, and a saved change shows on the site at the next request.

const PARTS = [
  { id: 'team', label: 'Team' },
  { id: 'portfolios', label: 'Portfolios' },
  { id: 'home', label: 'Home page' },
  { id: 'settings', label: 'Settings' },
] as const;
type PartId = (typeof PARTS)[number]['id'];

export const contentPartPath = (part: PartId) => `/dashboard/content/${part}`;

const tabClass = (active: boolean) =>
  `block rounded-md px-3 py-1.5 text-sm font-medium ${
    active ? 'bg-lavender text-ink' : 'text-muted hover:bg-white/5 hover:text-white'
  }`;

type TeamEditorData = { categories: TeamCategory[]; members: EditableTeamMember[] };

function TeamPart() {
  const team = useStaffQuery<TeamEditorData>(TEAM_ENDPOINT);
  return (
    <div className="space-y-8">
      <ApiProblem state={team} loading="Loading the team…" failed="The team could not be loaded" />
      {team.status === 'ready' && (
        <>
          {/* Categories first: on a fresh site they come before anyone can be shown. */}
          <CategoriesEditor categories={team.data.categories} members={team.data.members} />
          <MembersEditor categories={team.data.categories} members={team.data.members} />
        </>
      )}
    </div>
  );
}

// The home page's blocks, one at a time (/dashboard/content/home?block=pricing): each is saved
// on its own with its own state, and leaving one with unsaved changes asks first
// (forms/unsaved-changes.tsx), so no block's edits are lost to another's Save or a link.
const HOME_BLOCKS = [
  { id: 'hero', label: 'Hero', Editor: HeroEditor },
  { id: 'services', label: 'Services', Editor: ServicesEditor },
  { id: 'pricing', label: 'Pricing', Editor: PricingEditor },
  { id: 'stats', label: 'Stats', Editor: StatsEditor },
  { id: 'promos', label: 'Promos', Editor: PromosEditor },
] as const;

function HomePart() {
  const { hash, search } = useLocation();
  // Not useSearchParams: it would add to every public page's first load (use-search-query.ts).
  const params = new URLSearchParams(search);
  // `#services` (the go-live checklist's links) opens that block too.
  const wanted = params.get('block') ?? hash.slice(1);
  const block = HOME_BLOCKS.find((one) => one.id === wanted) ?? HOME_BLOCKS[0];
  return (
    <div className="space-y-4">
      <nav aria-label="Home page blocks">
        <ul className="flex flex-wrap gap-1 border-b border-line pb-2">
          {HOME_BLOCKS.map((one) => (
            <li key={one.id}>
              <Link
                to={`${contentPartPath('home')}?block=${one.id}`}
                aria-current={one.id === block.id ? 'page' : undefined}
                className={tabClass(one.id === block.id)}
              >
                {one.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <block.Editor key={block.id} />
    </div>
  );
}

export default function ContentSection({ itemId = 'team' }: SectionPageProps) {
  const part = PARTS.find((one) => one.id === itemId);
  return (
    <section aria-labelledby="content-title" className="space-y-6">
      <h1 id="content-title" className="text-2xl font-bold">
        Site content
      </h1>
      <nav aria-label="Site content parts">
        <ul className="flex flex-wrap gap-1">
          {PARTS.map((one) => (
            <li key={one.id}>
              {/* /dashboard/content shows the team: its link is the current one there too. */}
              <Link
                to={contentPartPath(one.id)}
                aria-current={part?.id === one.id ? 'page' : undefined}
                className={tabClass(part?.id === one.id)}
              >
                {one.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {!part && <p role="alert">No such part of the site content: pick one above.</p>}
      {part?.id === 'team' && <TeamPart />}
      {part?.id === 'portfolios' && <PortfolioEditor />}
      {part?.id === 'home' && <HomePart />}
      {part?.id === 'settings' && (
        <div className="space-y-6">
          <SettingsEditor />
          <DefaultPortfolioEditor />
          <TicketSettingsEditor />
        </div>
      )}
    </section>
  );
}
