import { lazy, type ReactNode, Suspense, useState } from 'react';
import {
  EMPTY_SEARCH_MESSAGE,
  EMPTY_SEARCH_TITLE,
  filterMembers,
  MEMBER_SORT_OPTIONS,
  type MemberSortKey,
  SEARCH_PLACEHOLDER,
  sortMembers,
  TEAM_COMING_SOON_MESSAGE,
  TEAM_COMING_SOON_TITLE,
} from '../../../../core/team/directory';
import type { TeamMember, TeamResponse } from '../../../../core/team/schema';
import { TEAM_HEADING } from '../../../../core/team/team';
import { useSiteSettings } from '../../data/site-settings';
import { useApi } from '../../data/use-api';
import { Icon } from '../icon';
import { buttonClass } from '../ui/button';
import { HomeSection } from './home-section';
import { MemberCard } from './member-card';

// The modal is its own chunk: it only loads when a visitor opens a profile.
const MemberModal = lazy(() => import('./member-modal'));

const field = 'rounded-lg border border-line bg-ink px-3 py-2 text-sm';

export function TeamDirectory() {
  const { discordInviteUrl } = useSiteSettings();
  const team = useApi<TeamResponse>('/api/team');
  // A category nobody is in yet is a dead end: visitors see the ones with people in them.
  const categories = (team.data?.categories ?? []).filter((c) => c.members.length > 0);
  const [activeId, setActiveId] = useState<string | undefined>();
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<MemberSortKey>('name');
  const [view, setView] = useState<'grid' | 'list'>('grid');
  const [selected, setSelected] = useState<TeamMember | null>(null);
  const active = categories.find((c) => c.id === activeId) ?? categories[0];
  const members = sortMembers(filterMembers(active?.members ?? [], query), sort);

  return (
    <HomeSection
      id="team"
      title={TEAM_HEADING}
      lead="The designers and developers behind every Lunar order."
    >
      {team.status !== 'ready' && team.status !== 'loading' && (
        <p role="alert" className="text-center text-muted">
          The team could not be loaded.{' '}
          <button type="button" onClick={team.reload} className="text-lavender-strong underline">
            Try again
          </button>
        </p>
      )}
      {team.status === 'ready' && categories.length === 0 && (
        <EmptyState icon="users" title={TEAM_COMING_SOON_TITLE} message={TEAM_COMING_SOON_MESSAGE}>
          <a
            href={discordInviteUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={`${buttonClass('secondary', 'sm')} mt-4`}
          >
            <Icon name="discord" className="size-4" />
            Join our Discord
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </EmptyState>
      )}
      {/* minmax(0, …) columns: a grid column is as wide as its widest item's min-content
          by default, and the category tab row (one long scrolling line on phones) would
          stretch the page to ~720 px. */}
      {categories.length > 0 && (
        <div className="grid grid-cols-1 gap-6 md:grid-cols-[14rem_minmax(0,1fr)]">
          <nav aria-label="Team categories" className="min-w-0">
            {/* Phones: the categories wrap, so all five stay in sight (no hidden scrolling row). */}
            <ul className="flex flex-wrap gap-2 md:flex-col">
              {categories.map((category) => (
                <li key={category.id}>
                  <button
                    type="button"
                    aria-pressed={category === active}
                    onClick={() => {
                      setActiveId(category.id);
                      setSelected(null);
                    }}
                    className={`flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-left text-sm font-medium ${
                      category === active
                        ? 'bg-lavender text-ink'
                        : 'text-muted hover:bg-white/5 hover:text-white'
                    }`}
                  >
                    <Icon name={category.icon} className="size-4" />
                    {category.name}
                    <span className="ml-auto text-xs opacity-80">{category.members.length}</span>
                  </button>
                </li>
              ))}
            </ul>
          </nav>
          <div>
            <div className="mb-4 flex flex-wrap gap-2">
              <label className="relative min-w-48 flex-1">
                <span className="sr-only">Search members</span>
                <Icon name="search" className="absolute top-2.5 left-3 size-4 text-muted" />
                <input
                  type="search"
                  value={query}
                  onChange={(event) => setQuery(event.target.value)}
                  placeholder={SEARCH_PLACEHOLDER}
                  className={`${field} w-full pl-9`}
                />
              </label>
              <label className="flex items-center gap-2 text-sm text-muted">
                Sort by
                <select
                  value={sort}
                  onChange={(event) => setSort(event.target.value as MemberSortKey)}
                  className={field}
                >
                  {MEMBER_SORT_OPTIONS.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
              </label>
              <fieldset className="flex gap-1">
                <legend className="sr-only">View</legend>
                {(['grid', 'list'] as const).map((mode) => (
                  <button
                    key={mode}
                    type="button"
                    aria-pressed={view === mode}
                    onClick={() => setView(mode)}
                    className={buttonClass(view === mode ? 'primary' : 'ghost', 'sm')}
                  >
                    <Icon name={mode} className="size-4" />
                    <span className="sr-only">{mode === 'grid' ? 'Grid view' : 'List view'}</span>
                  </button>
                ))}
              </fieldset>
            </div>
            {members.length > 0 ? (
              <ul
                aria-label={`${active?.name ?? 'Team'} members`}
                data-view={view}
                className={
                  view === 'grid' ? 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3' : 'grid gap-3'
                }
              >
                {members.map((member) => (
                  <MemberCard
                    key={member.discordUsername}
                    member={member}
                    view={view}
                    onOpen={setSelected}
                  />
                ))}
              </ul>
            ) : (
              <EmptyState icon="search" title={EMPTY_SEARCH_TITLE} message={EMPTY_SEARCH_MESSAGE} />
            )}
          </div>
        </div>
      )}
      {selected && active && (
        <Suspense fallback={null}>
          <MemberModal
            member={selected}
            team={active}
            categories={categories}
            onSelect={setSelected}
            onClose={() => setSelected(null)}
          />
        </Suspense>
      )}
    </HomeSection>
  );
}

function EmptyState({
  icon,
  title,
  message,
  children,
}: {
  icon: 'search' | 'users';
  title: string;
  message: string;
  /** A way on, under the message. */
  children?: ReactNode;
}) {
  return (
    <div
      role="status"
      className="rounded-xl border border-dashed border-line px-6 py-14 text-center"
    >
      <Icon name={icon} className="mx-auto size-8 text-muted" />
      <h3 className="mt-3 font-semibold">{title}</h3>
      <p className="mt-1 text-sm text-muted">{message}</p>
      {children}
    </div>
  );
}
