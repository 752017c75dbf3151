import { useParams } from 'react-router';
import type { PortfolioResponse } from '../../../core/portfolio/schema';
import { AboutMe, ProfileHeader } from '../components/portfolio/profile-header';
import {
  ExpertiseGrid,
  ProjectCards,
  Testimonials,
} from '../components/portfolio/profile-sections';
import { PromoBanner } from '../components/portfolio/promo-banner';
import { SkillMeters } from '../components/portfolio/skill-meters';
import { ApiProblem } from '../components/ui/api-problem';
import { useApi } from '../data/use-api';
import NotFoundPage from './not-found';

export default function PortfolioPage() {
  const { username = '' } = useParams();
  const state = useApi<PortfolioResponse>(`/api/portfolios/${encodeURIComponent(username)}`);
  // No portfolio exists yet (not even the default one): the server answered 404 too.
  if (state.status === 'error' && state.error.status === 404) return <NotFoundPage />;

  return (
    <main className="mx-auto flex max-w-6xl flex-col gap-8 px-4 pt-24 pb-16">
      <PromoBanner />
      <ApiProblem
        state={state}
        loading="Loading portfolio…"
        failed="This portfolio could not be loaded"
      />
      {state.status === 'ready' && (
        <>
          {state.data.fallback && (
            <p role="note" className="rounded-xl border border-line bg-panel px-4 py-3 text-sm">
              No portfolio matches “{username}”, so here is {state.data.name}'s portfolio instead.
            </p>
          )}
          <ProfileHeader profile={state.data} />
          <div className="grid gap-8 lg:grid-cols-2">
            <AboutMe profile={state.data} />
            <SkillMeters skills={state.data.skills} />
          </div>
          <ExpertiseGrid items={state.data.expertise} />
          <ProjectCards projects={state.data.projects} />
          <Testimonials items={state.data.testimonials} />
        </>
      )}
    </main>
  );
}
