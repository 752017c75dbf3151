import { type FormEvent, useId, useState } from 'react';
import {
  type Portfolio,
  PortfolioCreateSchema,
  type PortfolioWithImages,
} from '../../../../core/portfolio/schema';
import { portfolioPath } from '../../../../core/site/routes';
import { ConfirmDialog } from '../confirm-dialog';
import { DialogActions, DialogPanel } from '../dialog-panel';
import { useCheckedSave } from '../forms/checked-save';
import { useStaffMutation, useStaffQuery } from '../query';
import { Field, FormMessage, inputClass } from './content-field';
import type { PortfolioList } from './default-portfolio';
import { useFormDialog } from './form-dialog';
import {
  PORTFOLIO_WRITES_INVALIDATE,
  PORTFOLIOS_ENDPOINT,
  portfolioEndpoint,
} from './portfolio-api';
import { PortfolioPictures } from './portfolio-pictures';
import { ProfileFields, ProfileForm, readProfileForm } from './portfolio-profile-form';
import { ProjectsEditor } from './portfolio-projects';
import { ExpertiseEditor, SkillsEditor, TestimonialsEditor } from './portfolio-rows';

// Site content (executives): the designers' portfolios (/team/portfolios/:username). One
// portfolio at a time: its profile, skills, projects, expertise and testimonials, each saved on
// its own and shown on the public page at the next request.

export function PortfolioEditor() {
  const list = useStaffQuery<PortfolioList>(PORTFOLIOS_ENDPOINT);
  const [chosen, setChosen] = useState<string | null>(null);
  const selectId = useId();
  if (list.status === 'loading') return <p>Loading portfolios…</p>;
  if (list.status !== 'ready') return <p role="alert">{list.error.message}</p>;
  const { portfolios, defaultUsername } = list.data;
  const username =
    portfolios.find((one) => one.username === chosen)?.username ??
    portfolios.find((one) => one.username === defaultUsername)?.username ??
    portfolios[0]?.username;
  return (
    <section aria-labelledby="portfolios-title" className="space-y-4 border-t border-line pt-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="portfolios-title" className="text-xl font-bold">
          Portfolios
        </h2>
        <NewPortfolioDialog onCreated={setChosen} />
      </div>
      {username ? (
        <>
          <div>
            <label htmlFor={selectId} className="block text-sm font-medium">
              Portfolio to edit
            </label>
            <select
              id={selectId}
              value={username}
              onChange={(event) => setChosen(event.target.value)}
              className={`${inputClass} max-w-sm`}
            >
              {portfolios.map((one) => (
                <option key={one.username} value={one.username}>
                  {one.name} (@{one.username}){one.demo ? ' (demo)' : ''}
                </option>
              ))}
            </select>
          </div>
          <PortfolioDetail
            key={username}
            username={username}
            isDefault={username === defaultUsername}
            onDeleted={() => setChosen(null)}
          />
        </>
      ) : (
        <p>No portfolios yet.</p>
      )}
    </section>
  );
}

function PortfolioDetail({
  username,
  isDefault,
  onDeleted,
}: {
  username: string;
  isDefault: boolean;
  onDeleted: () => void;
}) {
  const answer = useStaffQuery<PortfolioWithImages>(portfolioEndpoint(username));
  const remove = useStaffMutation(
    () => ({ method: 'DELETE', url: portfolioEndpoint(username) }),
    PORTFOLIO_WRITES_INVALIDATE,
  );
  if (answer.status === 'loading') return <p>Loading the portfolio…</p>;
  if (answer.status !== 'ready') return <p role="alert">{answer.error.message}</p>;
  const portfolio = answer.data;
  return (
    <div className="space-y-8">
      <p className="flex flex-wrap items-center gap-3 text-sm">
        <a href={portfolioPath(portfolio.username)} className="text-lavender-strong underline">
          View the public page<span className="sr-only"> of {portfolio.name}</span>
        </a>
        {isDefault && (
          <span className="text-muted">
            The default portfolio: the nav links to it (Site content → Settings).
          </span>
        )}
        <ConfirmDialog
          trigger={
            <>
              Delete portfolio<span className="sr-only"> of {portfolio.name}</span>
            </>
          }
          title={`Delete ${portfolio.name}'s portfolio?`}
          description={
            isDefault
              ? `It is the default portfolio: the nav's Portfolio link goes until you choose another in Settings, and unknown portfolio addresses show the 404 page. This cannot be undone.`
              : `Its page, ${portfolioPath(portfolio.username)}, then shows the default portfolio instead. This cannot be undone.`
          }
          confirmLabel="Delete portfolio"
          busyLabel="Deleting…"
          run={async () => {
            await remove.mutateAsync();
            onDeleted();
          }}
        />
      </p>
      {/* Each form keeps what was typed and saved; another portfolio remounts them (key). */}
      <ProfileForm portfolio={portfolio} />
      <PortfolioPictures portfolio={portfolio} />
      <SkillsEditor portfolio={portfolio} />
      <ProjectsEditor portfolio={portfolio} />
      <ExpertiseEditor portfolio={portfolio} />
      <TestimonialsEditor portfolio={portfolio} />
    </div>
  );
}

function NewPortfolioDialog({ onCreated }: { onCreated: (username: string) => void }) {
  const create = useStaffMutation<unknown, Portfolio>(
    (body) => ({ method: 'POST', url: PORTFOLIOS_ENDPOINT, body }),
    PORTFOLIO_WRITES_INVALIDATE,
  );
  const checked = useCheckedSave(PortfolioCreateSchema, create);
  const dialog = useFormDialog(checked.clear);
  const { fieldErrors, message } = checked.problems;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body = { username: String(form.get('username') ?? ''), ...readProfileForm(form) };
    checked.submit(body, (created) => {
      onCreated(created.username);
      dialog.close();
    });
  }

  return (
    <DialogPanel
      open={dialog.open}
      onOpenChange={dialog.onOpenChange}
      trigger="New portfolio"
      triggerVariant="secondary"
      title="New portfolio"
      description="Its page is /team/portfolios/ and the username. Skills and projects are added next."
      size="form"
    >
      <form onSubmit={submit} className="mt-4 space-y-3" noValidate>
        <Field
          name="username"
          label="Discord username"
          defaultValue=""
          error={fieldErrors.username}
        />
        <ProfileFields fieldErrors={fieldErrors} />
        <FormMessage message={message} />
        <DialogActions busy={create.isPending} label="Create portfolio" busyLabel="Creating…" />
      </form>
    </DialogPanel>
  );
}
