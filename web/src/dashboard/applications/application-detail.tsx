import { applicationReference } from '../../../../core/applications/reference';
import type { ApplicationType } from '../../../../core/applications/schema';
import { APPLICATION_FIELD_LABELS } from '../../../../core/applications/steps';
import { ApiProblem } from '../../components/ui/api-problem';
import { StatusBadge, When } from '../display/display';
import { useStaffQuery } from '../query';
import { DecisionDialog } from './decision-dialog';

// One application: every answer, the portfolio images, the decision (or the buttons to make it).

type Detail = {
  id: number;
  type: ApplicationType;
  status: string;
  robloxUsername: string;
  discordUsername: string;
  submittedAt: string;
  answers: Record<string, unknown>;
  images: { id: number; filename: string; url: string }[];
  decision: { status: string; reviewerName: string; decidedAt: string } | null;
  decisionNote: string | null;
};

const labelOf = (key: string) =>
  (APPLICATION_FIELD_LABELS as Record<string, string>)[key] ??
  key.replace(/([A-Z])/g, ' $1').replace(/^./, (first) => first.toUpperCase());

function answerText(value: unknown): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (value === null || value === undefined || value === '') return '—';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

export function ApplicationDetail({ id }: { id: string }) {
  const detail = useStaffQuery<Detail>(`/api/staff/applications/${encodeURIComponent(id)}`);
  const app = detail.data;
  return (
    <article aria-labelledby="application-title" className="mt-4 space-y-6">
      <ApiProblem
        state={detail}
        loading="Loading the application…"
        failed="The application could not be loaded"
      />
      {app && (
        <>
          <header className="flex flex-wrap items-center gap-3">
            <h1 id="application-title" className="text-2xl font-bold">
              {app.robloxUsername}
            </h1>
            <StatusBadge kind="application" value={app.status} />
            <span className="text-sm text-muted">
              <span className="font-mono text-white">{applicationReference(app.type, app.id)}</span>{' '}
              · {app.type} application · {app.discordUsername} on Discord · submitted{' '}
              <When value={app.submittedAt} />
            </span>
          </header>
          {app.decision ? (
            <p className="rounded-xl border border-line bg-panel/60 p-4">
              {app.decision.status === 'accepted' ? 'Accepted' : 'Rejected'} by{' '}
              <strong>{app.decision.reviewerName}</strong> on{' '}
              <When value={app.decision.decidedAt} />
              {app.decisionNote && (
                <span className="mt-2 block text-muted">Note: {app.decisionNote}</span>
              )}
            </p>
          ) : (
            <div className="flex gap-2">
              <DecisionDialog
                applicationId={app.id}
                decision="accept"
                applicantName={app.robloxUsername}
              />
              <DecisionDialog
                applicationId={app.id}
                decision="reject"
                applicantName={app.robloxUsername}
              />
            </div>
          )}
          <dl className="grid gap-4 sm:grid-cols-2">
            {Object.entries(app.answers).map(([key, value]) => (
              <div key={key} className="rounded-xl border border-line p-4">
                <dt className="text-sm font-semibold text-lavender">{labelOf(key)}</dt>
                <dd className="mt-1 whitespace-pre-wrap wrap-anywhere">{answerText(value)}</dd>
              </div>
            ))}
          </dl>
          {app.images.length > 0 && (
            <section aria-labelledby="application-images">
              <h2 id="application-images" className="text-lg font-semibold">
                Portfolio images
              </h2>
              <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                {app.images.map((image) => (
                  <li key={image.id}>
                    <a href={image.url} target="_blank" rel="noreferrer">
                      <img
                        src={image.url}
                        alt={`Portfolio work: ${image.filename}`}
                        loading="lazy"
                        className="w-full rounded-lg border border-line"
                      />
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </article>
  );
}
