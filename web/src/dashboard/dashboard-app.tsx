import { type ComponentType, lazy, Suspense, useMemo } from 'react';
import { NavLink, useParams } from 'react-router';
import type { StaffIdentity } from '../../../core/auth/principal';
import { ApiProblem } from '../components/ui/api-problem';
import { UnsavedChangesGuard } from './forms/unsaved-changes';
import { DashboardQueryProvider, useStaffQuery } from './query';
import {
  type DashboardSection,
  OVERVIEW_SECTION_ID,
  SECTIONS,
  type SectionPageProps,
  sectionPath,
  visibleSections,
} from './sections';
import { SignedInAs } from './signed-in';

// The dashboard's frame inside the staff layout: a side nav of the sections the member's roles
// may see (the server checks the roles again on every /api/staff call) and the open section.

// One lazy component per section, made once: a new one each render would remount the page.
const SECTION_PAGES = new Map<string, ComponentType<SectionPageProps>>(
  SECTIONS.map((section) => [section.id, lazy(section.load)]),
);

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-2 text-sm font-medium ${
    isActive ? 'bg-white/10 text-white' : 'text-muted hover:bg-white/5 hover:text-white'
  }`;

function SectionNav({ sections, me }: { sections: DashboardSection[]; me?: StaffIdentity }) {
  return (
    <nav aria-label="Dashboard sections" className="md:sticky md:top-20 md:self-start">
      {me && <SignedInAs me={me} />}
      <ul className="flex flex-wrap gap-1 md:flex-col">
        {sections.map((section) => (
          <li key={section.id}>
            <NavLink
              to={sectionPath(section)}
              end={section.id === OVERVIEW_SECTION_ID}
              className={navLinkClass}
            >
              {section.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export default function DashboardApp() {
  return (
    <DashboardQueryProvider>
      <DashboardFrame />
    </DashboardQueryProvider>
  );
}

function DashboardFrame() {
  const { section: sectionId = OVERVIEW_SECTION_ID, id: itemId } = useParams();
  const me = useStaffQuery<StaffIdentity>('/api/staff/me');
  const sections = useMemo(() => (me.data ? visibleSections(me.data) : []), [me.data]);
  const section = sections.find((candidate) => candidate.id === sectionId);
  const known = SECTIONS.some((candidate) => candidate.id === sectionId);
  const Page = section && SECTION_PAGES.get(section.id);

  return (
    <div className="mx-auto max-w-7xl gap-8 px-4 pt-24 pb-16 md:grid md:grid-cols-[11rem_minmax(0,1fr)]">
      <SectionNav sections={sections} me={me.data} />
      <main className="mt-6 min-w-0 md:mt-0">
        <ApiProblem
          state={me}
          loading="Loading your dashboard…"
          failed="Could not load your account"
        />
        {me.data && !Page && (
          <div role="alert" className="rounded-xl border border-line bg-panel/60 p-4">
            <h1 className="text-xl font-bold">
              {known ? 'This section is not for your role' : 'No such section'}
            </h1>
            <p className="mt-2 text-muted">
              {known
                ? 'Ask a lead or an executive if you think you should see it.'
                : 'Pick a section from the list.'}
            </p>
          </div>
        )}
        {Page && (
          <UnsavedChangesGuard>
            <Suspense fallback={<p className="text-muted">Loading {section.label}…</p>}>
              <Page itemId={itemId} />
            </Suspense>
          </UnsavedChangesGuard>
        )}
      </main>
    </div>
  );
}
