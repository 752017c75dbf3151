import { type FormEvent, useId, useState } from 'react';
import {
  PORTFOLIO_LIMITS,
  type Portfolio,
  type PortfolioProject,
} from '../../../../core/portfolio/schema';
import { ICON_NAMES } from '../../../../core/site/icons';
import { buttonClass } from '../../components/ui/button';
import { DialogActions, DialogPanel } from '../dialog-panel';
import { Field, Fields, FormMessage, inputClass, SAVING } from './content-field';
import { useFormDialog } from './form-dialog';
import { errorsUnder, uploadProjectImage, useSavePortfolioPart } from './portfolio-api';

// A portfolio's projects: cards with a dialog to add or edit one (images are uploaded when the
// dialog saves, then named in the list saved) and a confirmed remove. Each save stores the whole
// list, as the dashboard shows it.

const IMAGE_TYPES = 'image/png,image/jpeg,image/webp,image/gif';

/** "Label: value" per line, as the stats are typed. */
function readStats(text: string): PortfolioProject['stats'] {
  const stats = text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const at = line.indexOf(':');
      return at < 0
        ? { label: line, value: '' }
        : { label: line.slice(0, at).trim(), value: line.slice(at + 1).trim() };
    });
  return stats.length > 0 ? stats : undefined;
}

export function ProjectsEditor({ portfolio }: { portfolio: Portfolio }) {
  const save = useSavePortfolioPart(portfolio.username);
  const [error, setError] = useState<string | null>(null);
  const { projects } = portfolio;

  async function remove(index: number) {
    const project = projects[index];
    if (!project || !window.confirm(`Remove the project “${project.title}”?`)) return;
    const result = await save(
      'projects',
      projects.filter((_, at) => at !== index),
    );
    setError(result.ok ? null : result.message);
  }

  return (
    <section aria-labelledby="portfolio-projects-title" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="portfolio-projects-title" className="text-lg font-bold">
          Projects
        </h3>
        {projects.length < PORTFOLIO_LIMITS.projects && (
          <ProjectDialog portfolio={portfolio} index={projects.length} />
        )}
      </div>
      {projects.length === 0 && <p className="text-sm text-muted">No projects yet.</p>}
      <ul className="grid gap-3 md:grid-cols-2">
        {projects.map((project, index) => (
          <li key={project.title} className="rounded-lg border border-line p-3">
            <p className="font-semibold">{project.title}</p>
            <p className="text-sm text-muted">
              {project.tag} · {project.images?.length ?? 0} image
              {project.images?.length === 1 ? '' : 's'}
            </p>
            <div className="mt-2 flex gap-2">
              <ProjectDialog portfolio={portfolio} index={index} />
              <button
                type="button"
                onClick={() => void remove(index)}
                className={buttonClass('ghost', 'sm')}
              >
                Remove<span className="sr-only"> project {project.title}</span>
              </button>
            </div>
          </li>
        ))}
      </ul>
      {error && (
        <p role="alert" className="text-sm text-red-300">
          {error}
        </p>
      )}
    </section>
  );
}

/** Adds a project (index = the list's length) or edits the one at `index`. */
function ProjectDialog({ portfolio, index }: { portfolio: Portfolio; index: number }) {
  const project = portfolio.projects[index];
  const save = useSavePortfolioPart(portfolio.username);
  const dialog = useFormDialog();
  const { state, setState } = dialog;
  const [images, setImages] = useState<string[]>(project?.images ?? []);
  const iconId = useId();
  const filesId = useId();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (key: string) => String(form.get(key) ?? '');
    setState(SAVING);
    const files = form.getAll('images').filter((file): file is File => file instanceof File);
    const uploaded: string[] = [];
    for (const file of files.filter((one) => one.size > 0)) {
      const answer = await uploadProjectImage(portfolio.username, file);
      if ('problem' in answer) {
        // Kept: a second try does not need what already went up.
        setImages([...images, ...uploaded]);
        const message = `${file.name}: ${answer.problem}`;
        setState({ busy: false, message, fieldErrors: { images: message } });
        return;
      }
      uploaded.push(answer.url);
    }
    const edited: PortfolioProject = {
      icon: text('icon'),
      title: text('title'),
      tag: text('tag'),
      description: text('description'),
      ...(text('link').trim() && { link: text('link').trim() }),
      ...(readStats(text('stats')) && { stats: readStats(text('stats')) }),
      // The same file sent twice is one address (content-addressed): listed once.
      images: [...new Set([...images, ...uploaded])],
    };
    const projects = [...portfolio.projects];
    projects[index] = edited;
    const result = await save('projects', projects);
    if (!result.ok) {
      setImages(edited.images ?? []);
      const fieldErrors = errorsUnder(result.fieldErrors, `${index}.`);
      const listError = result.fieldErrors._;
      setState({
        busy: false,
        message: listError ? `${result.message} ${listError}` : result.message,
        fieldErrors,
      });
      return;
    }
    dialog.close();
  }

  const imagesError =
    state.fieldErrors.images ??
    Object.entries(state.fieldErrors).find(([path]) => path.startsWith('images.'))?.[1];
  const title = project ? `Edit ${project.title}` : 'Add a project';
  return (
    <DialogPanel
      open={dialog.open}
      onOpenChange={(next) => {
        dialog.onOpenChange(next);
        if (next) setImages(project?.images ?? []);
      }}
      trigger={
        project ? (
          <>
            Edit<span className="sr-only"> project {project.title}</span>
          </>
        ) : (
          'Add project'
        )
      }
      triggerVariant={project ? 'secondary' : 'primary'}
      title={title}
      description={`Shown in the Projects section of ${portfolio.name}'s portfolio once saved.`}
      size="wide"
    >
      <form onSubmit={submit} className="mt-4 space-y-3" noValidate>
        <Fields
          fieldErrors={state.fieldErrors}
          rows={[
            { name: 'title', label: 'Project title', value: project?.title },
            { name: 'tag', label: 'Tag', value: project?.tag },
          ]}
        />
        <div>
          <label htmlFor={iconId} className="block text-sm font-medium">
            Icon
          </label>
          <select
            id={iconId}
            name="icon"
            defaultValue={project?.icon ?? 'image'}
            className={inputClass}
          >
            {/* A stored icon the site does not draw stays selectable. */}
            {[...new Set([...(project ? [project.icon] : []), ...ICON_NAMES])].map((icon) => (
              <option key={icon} value={icon}>
                {icon}
              </option>
            ))}
          </select>
        </div>
        <Fields
          fieldErrors={state.fieldErrors}
          rows={[
            {
              name: 'description',
              label: 'Description',
              value: project?.description,
              multiline: true,
            },
            { name: 'link', label: 'Link (optional: /path or https://…)', value: project?.link },
          ]}
        />
        <Field
          name="stats"
          label="Stats (optional, one per line: Label: value)"
          defaultValue={(project?.stats ?? []).map((s) => `${s.label}: ${s.value}`).join('\n')}
          error={Object.entries(state.fieldErrors).find(([p]) => p.startsWith('stats'))?.[1]}
          multiline
        />
        <fieldset className="min-w-0 space-y-2">
          <legend className="text-sm font-medium">Images</legend>
          {images.length === 0 && <p className="text-sm text-muted">No images yet.</p>}
          <ul className="flex flex-wrap gap-2">
            {images.map((src, at) => (
              <li key={src} className="flex flex-col items-center gap-1">
                <img
                  src={src}
                  alt={`Upload ${at + 1} of ${project?.title ?? 'the new project'}`}
                  width={96}
                  height={72}
                  className="h-18 w-24 rounded object-cover"
                />
                <button
                  type="button"
                  onClick={() => setImages((current) => current.filter((one) => one !== src))}
                  className={buttonClass('ghost', 'sm')}
                >
                  Remove<span className="sr-only"> image {at + 1}</span>
                </button>
              </li>
            ))}
          </ul>
          <label htmlFor={filesId} className="block text-sm">
            Add images (PNG, JPEG, WebP or GIF, each under 5 MB; at most{' '}
            {PORTFOLIO_LIMITS.imagesPerProject} in all)
          </label>
          <input
            id={filesId}
            type="file"
            name="images"
            multiple
            accept={IMAGE_TYPES}
            aria-invalid={imagesError ? true : undefined}
            aria-describedby={imagesError ? `${filesId}-error` : undefined}
            className="block max-w-full text-sm"
          />
          {imagesError && (
            <p id={`${filesId}-error`} className="text-sm text-red-300">
              {imagesError}
            </p>
          )}
        </fieldset>
        <FormMessage message={state.message} />
        <DialogActions busy={state.busy} label="Save project" />
      </form>
    </DialogPanel>
  );
}
