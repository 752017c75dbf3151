import * as Dialog from '@radix-ui/react-dialog';
import { type FormEvent, useState } from 'react';
import { SITE_CONTENT_KEYS } from '../../../../core/site/site-content';
import type { EditableTeamMember, TeamCategory } from '../../../../core/team/schema';
import { buttonClass } from '../../components/ui/button';
import { sendJson } from '../../data/post-json';
import { useInvalidateApi, useStaffQuery } from '../query';
import { Field, type FormState, IDLE } from './content-field';
import { PortfolioEditor } from './portfolio-editor';
import { SiteBlockEditor } from './site-blocks';

// Site content (executives): the team directory the home page shows. Edits are validated by
// the server with the core team schemas; its field errors are shown next to their fields.

const ENDPOINT = '/api/staff/content/team';

type TeamEditorData = {
  categories: (TeamCategory & { position: number })[];
  members: EditableTeamMember[];
};

/** Uploads one image (avatar or banner) at once: the server checks its type by its bytes. */
async function uploadImage(memberId: number, kind: 'avatar' | 'banner', file: File) {
  const body = new FormData();
  body.append('image', file);
  const response = await fetch(`${ENDPOINT}/members/${memberId}/${kind}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
    body,
  }).catch(() => null);
  if (!response) return 'The network failed; try again.';
  if (response.ok) return null;
  const json = (await response.json().catch(() => null)) as { message?: string } | null;
  return json?.message ?? `Upload failed (error ${response.status}).`;
}

function MemberDialog({
  member,
  categories,
}: {
  member?: EditableTeamMember;
  categories: TeamEditorData['categories'];
}) {
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<FormState>(IDLE);
  const invalidate = useInvalidateApi();
  const title = member ? `Edit ${member.name}` : 'Add a member';

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (key: string) => String(form.get(key) ?? '');
    setState({ busy: true, fieldErrors: {} });
    const body = {
      name: text('name'),
      role: text('role'),
      specialty: text('specialty'),
      discordUsername: text('discordUsername'),
      quote: text('quote'),
      categoryIds: form.getAll('categoryIds').map(String),
    };
    const result = await sendJson<EditableTeamMember>(
      member ? 'PUT' : 'POST',
      member ? `${ENDPOINT}/members/${member.id}` : `${ENDPOINT}/members`,
      body,
    );
    if (!result.ok) {
      setState({ busy: false, message: result.message, fieldErrors: result.fieldErrors });
      return;
    }
    for (const kind of ['avatar', 'banner'] as const) {
      const file = form.get(kind);
      if (file instanceof File && file.size > 0) {
        const problem = await uploadImage(result.data.id, kind, file);
        if (problem) {
          await invalidate(ENDPOINT);
          setState({ busy: false, message: problem, fieldErrors: { [kind]: problem } });
          return;
        }
      }
    }
    await invalidate(ENDPOINT);
    setState(IDLE);
    setOpen(false);
  }

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setState(IDLE);
      }}
    >
      <Dialog.Trigger className={buttonClass(member ? 'secondary' : 'primary', 'sm')}>
        {member ? (
          <>
            Edit<span className="sr-only"> {member.name}</span>
          </>
        ) : (
          'Add member'
        )}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/70" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100vh-2rem)] w-[min(36rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-line bg-ink p-6 shadow-2xl">
          <Dialog.Title className="text-xl font-bold">{title}</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-muted">
            Saved changes show on the home page's team directory at once.
          </Dialog.Description>
          <form onSubmit={submit} className="mt-4 space-y-3" noValidate>
            <Field
              name="name"
              label="Name"
              defaultValue={member?.name ?? ''}
              error={state.fieldErrors.name}
            />
            <Field
              name="role"
              label="Role title"
              defaultValue={member?.role ?? ''}
              error={state.fieldErrors.role}
            />
            <Field
              name="discordUsername"
              label="Discord username"
              defaultValue={member?.discordUsername ?? ''}
              error={state.fieldErrors.discordUsername}
            />
            <Field
              name="specialty"
              label="Specialties (comma-separated)"
              defaultValue={member?.specialty ?? ''}
              error={state.fieldErrors.specialty}
            />
            <Field
              name="quote"
              label="Quote"
              defaultValue={member?.quote ?? ''}
              error={state.fieldErrors.quote}
              multiline
            />
            <fieldset>
              <legend className="text-sm font-medium">Categories</legend>
              <div className="mt-1 flex flex-wrap gap-3">
                {categories.map((category) => (
                  <label key={category.id} className="flex items-center gap-1 text-sm">
                    <input
                      type="checkbox"
                      name="categoryIds"
                      value={category.id}
                      defaultChecked={member?.categoryIds.includes(category.id) ?? false}
                    />
                    {category.name}
                  </label>
                ))}
              </div>
            </fieldset>
            {(['avatar', 'banner'] as const).map((kind) => (
              <div key={kind}>
                <label className="block text-sm font-medium">
                  {kind === 'avatar' ? 'Avatar image' : 'Banner image'} (PNG, JPEG, WebP or GIF,
                  under 5 MB)
                  <input
                    type="file"
                    name={kind}
                    accept="image/png,image/jpeg,image/webp,image/gif"
                    className="mt-1 block max-w-full text-sm"
                  />
                </label>
                {state.fieldErrors[kind] && (
                  <p className="mt-1 text-sm text-red-300">{state.fieldErrors[kind]}</p>
                )}
              </div>
            ))}
            {state.message && (
              <p role="alert" className="rounded-lg border border-red-400 bg-red-950 p-3 text-sm">
                {state.message}
              </p>
            )}
            <div className="flex justify-end gap-2">
              <Dialog.Close className={buttonClass('ghost', 'sm')}>Cancel</Dialog.Close>
              <button type="submit" disabled={state.busy} className={buttonClass('primary', 'sm')}>
                {state.busy ? 'Saving…' : 'Save member'}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function DeleteButton({ member }: { member: EditableTeamMember }) {
  const invalidate = useInvalidateApi();
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <button
        type="button"
        className={buttonClass('ghost', 'sm')}
        onClick={async () => {
          if (!window.confirm(`Remove ${member.name} from the team directory?`)) return;
          const result = await sendJson('DELETE', `${ENDPOINT}/members/${member.id}`);
          if (result.ok) await invalidate(ENDPOINT);
          else setError(result.message);
        }}
      >
        Remove<span className="sr-only"> {member.name}</span>
      </button>
      {error && (
        <span role="alert" className="ml-2 text-red-300">
          {error}
        </span>
      )}
    </>
  );
}

/** The team directory's members: who they are, where they appear, edit and remove. */
export default function ContentSection() {
  const team = useStaffQuery<TeamEditorData>(ENDPOINT);
  return (
    <section aria-labelledby="content-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 id="content-title" className="text-2xl font-bold">
          Site content
        </h1>
        {team.status === 'ready' && <MemberDialog categories={team.data.categories} />}
      </div>
      {team.status === 'loading' && <p>Loading the team…</p>}
      {team.status !== 'loading' && team.status !== 'ready' && (
        <p role="alert">{team.error.message}</p>
      )}
      {team.status === 'ready' && team.data.members.length === 0 && <p>No members yet.</p>}
      {team.status === 'ready' && team.data.members.length > 0 && (
        <section
          aria-label="Team members table"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than the screen must be keyboard-scrollable (WCAG 2.1.1)
          tabIndex={0}
          // relative: the sr-only parts of the row buttons are positioned; inside the scroller's
          // own box they scroll with it instead of widening the page.
          className="relative overflow-x-auto"
        >
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Team members</caption>
            <thead>
              <tr>
                <th scope="col">Avatar</th>
                <th scope="col">Name</th>
                <th scope="col">Role</th>
                <th scope="col">Categories</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {team.data.members.map((member) => (
                <tr key={member.id} className="border-t border-line">
                  <td className="py-2">
                    <img
                      src={member.pfpUrl}
                      alt=""
                      width={32}
                      height={32}
                      className="rounded-full"
                    />
                  </td>
                  <td>
                    {member.name}
                    <span className="block text-muted">@{member.discordUsername}</span>
                  </td>
                  <td>{member.role}</td>
                  <td>
                    {member.categoryIds
                      .map((id) => team.data.categories.find((c) => c.id === id)?.name ?? id)
                      .join(', ') || '—'}
                  </td>
                  <td className="space-x-2 whitespace-nowrap">
                    <MemberDialog member={member} categories={team.data.categories} />
                    <DeleteButton member={member} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      <PortfolioEditor />
      <div className="grid grid-cols-1 gap-8 border-t border-line pt-6 lg:grid-cols-2">
        {SITE_CONTENT_KEYS.map((key) => (
          <SiteBlockEditor key={key} blockKey={key} />
        ))}
      </div>
    </section>
  );
}
