import { type FormEvent, useState } from 'react';
import {
  PORTFOLIO_LIMITS,
  type Portfolio,
  type PortfolioProject,
} from '../../../../core/portfolio/schema';
import { buttonClass } from '../../components/ui/button';
import { ConfirmDialog } from '../confirm-dialog';
import { DialogActions, DialogPanel } from '../dialog-panel';
import { rowErrors } from '../forms/field-paths';
import { IconPicker } from '../forms/icon-picker';
import { SendFailed } from '../query';
import { Field, Fields, FormMessage } from './content-field';
import { useFormDialog } from './form-dialog';
import { useSavePortfolioPart, useUploadProjectImage } from './portfolio-api';

// A portfolio's projects: cards with a dialog to add or edit one (images are uploaded when the
// dialog saves, then named in the list saved) and a confirmed remove. Each save stores the whole
// list, as the dashboard shows it, checked first by the projects' core schema.

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
  const projects = useSavePortfolioPart(portfolio.username, 'projects');
  const list = portfolio.projects;

  return (
    <section aria-labelledby="portfolio-projects-title" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="portfolio-projects-title" className="text-lg font-bold">
          Projects
        </h3>
        {list.length < PORTFOLIO_LIMITS.projects && (
          <ProjectDialog portfolio={portfolio} index={list.length} />
        )}
      </div>
      {list.length === 0 && <p className="text-sm text-muted">No projects yet.</p>}
      <ul className="grid gap-3 md:grid-cols-2">
        {list.map((project, index) => (
          <li key={project.title} className="rounded-lg border border-line p-3">
            <p className="font-semibold">{project.title}</p>
            <p className="text-sm text-muted">
              {project.tag} · {project.images?.length ?? 0} image
              {project.images?.length === 1 ? '' : 's'}
            </p>
            <div className="mt-2 flex gap-2">
              <ProjectDialog portfolio={portfolio} index={index} />
              <ConfirmDialog
                trigger={
                  <>
                    Remove<span className="sr-only"> project {project.title}</span>
                  </>
                }
                title={`Remove the project “${project.title}”?`}
                description={`It leaves ${portfolio.name}'s public portfolio at once.`}
                confirmLabel="Remove project"
                run={() => projects.save.mutateAsync(list.filter((_, at) => at !== index))}
              />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Adds a project (index = the list's length) or edits the one at `index`. */
function ProjectDialog({ portfolio, index }: { portfolio: Portfolio; index: number }) {
  const project = portfolio.projects[index];
  const projects = useSavePortfolioPart(portfolio.username, 'projects');
  const upload = useUploadProjectImage(portfolio.username);
  const dialog = useFormDialog(() => {
    projects.clear();
    upload.reset();
    setUploadProblem(null);
  });
  const [images, setImages] = useState<string[]>(project?.images ?? []);
  const [icon, setIcon] = useState(project?.icon ?? 'image');
  const [uploading, setUploading] = useState(false);
  const [uploadProblem, setUploadProblem] = useState<string | null>(null);
  const filesId = `project-${index}-files`;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (key: string) => String(form.get(key) ?? '');
    projects.clear();
    setUploadProblem(null);
    const files = form.getAll('images').filter((file): file is File => file instanceof File);
    const uploaded: string[] = [];
    setUploading(true);
    try {
      for (const file of files.filter((one) => one.size > 0)) {
        uploaded.push((await upload.mutateAsync(file)).url);
      }
    } catch (failure) {
      // Kept: a second try does not need what already went up.
      setImages([...images, ...uploaded]);
      const problem = failure instanceof SendFailed ? failure.message : 'The upload failed.';
      setUploadProblem(`${files[uploaded.length]?.name ?? 'An image'}: ${problem}`);
      return;
    } finally {
      setUploading(false);
    }
    const stats = readStats(text('stats'));
    const edited: PortfolioProject = {
      icon,
      title: text('title'),
      tag: text('tag'),
      description: text('description'),
      ...(text('link').trim() && { link: text('link').trim() }),
      ...(stats && { stats }),
      // The same file sent twice is one address (content-addressed): listed once.
      images: [...new Set([...images, ...uploaded])],
    };
    setImages(edited.images ?? []);
    const next = [...portfolio.projects];
    next[index] = edited;
    projects.submit(next, () => dialog.close());
  }

  const errors = rowErrors(projects.problems.fieldErrors, index);
  const imagesError =
    uploadProblem ??
    errors.images ??
    Object.entries(errors).find(([path]) => path.startsWith('images.'))?.[1];
  const listError = projects.problems.fieldErrors._;
  const message = uploadProblem ?? projects.problems.message;
  const title = project ? `Edit ${project.title}` : 'Add a project';
  return (
    <DialogPanel
      open={dialog.open}
      onOpenChange={(next) => {
        dialog.onOpenChange(next);
        if (next) {
          setImages(project?.images ?? []);
          setIcon(project?.icon ?? 'image');
        }
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
          fieldErrors={errors}
          rows={[
            { name: 'title', label: 'Project title', value: project?.title },
            { name: 'tag', label: 'Tag', value: project?.tag },
          ]}
        />
        <IconPicker label="Icon" value={icon} onChange={setIcon} error={errors.icon} />
        <Fields
          fieldErrors={errors}
          rows={[
            { name: 'description', label: 'Description', value: project?.description, rows: 3 },
            { name: 'link', label: 'Link (optional: /path or https://…)', value: project?.link },
          ]}
        />
        <Field
          name="stats"
          label="Stats (optional, one per line: Label: value)"
          defaultValue={(project?.stats ?? []).map((s) => `${s.label}: ${s.value}`).join('\n')}
          error={Object.entries(errors).find(([path]) => path.startsWith('stats'))?.[1]}
          rows={3}
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
        <FormMessage message={message && [message, listError].filter(Boolean).join(' ')} />
        <DialogActions busy={uploading || projects.save.isPending} label="Save project" />
      </form>
    </DialogPanel>
  );
}
