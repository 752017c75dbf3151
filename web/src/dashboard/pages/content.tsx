import type { FormEvent } from 'react';
import { SITE_CONTENT_KEYS } from '../../../../core/site/site-content';
import type { EditableTeamMember, TeamCategory } from '../../../../core/team/schema';
import { sendJson } from '../../data/post-json';
import { DialogActions, DialogPanel } from '../dialog-panel';
import { useInvalidateApi, useStaffQuery } from '../query';
import { Fields, FormMessage, refusedState, SAVING } from './content-field';
import { DeleteButton } from './delete-button';
import { useFormDialog } from './form-dialog';
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
  const dialog = useFormDialog();
  const { state, setState } = dialog;
  const invalidate = useInvalidateApi();
  const title = member ? `Edit ${member.name}` : 'Add a member';

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (key: string) => String(form.get(key) ?? '');
    setState(SAVING);
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
      setState(refusedState(result));
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
    dialog.close();
  }

  return (
    <DialogPanel
      open={dialog.open}
      onOpenChange={dialog.onOpenChange}
      trigger={
        member ? (
          <>
            Edit<span className="sr-only"> {member.name}</span>
          </>
        ) : (
          'Add member'
        )
      }
      triggerVariant={member ? 'secondary' : 'primary'}
      title={title}
      description="Saved changes show on the home page's team directory at once."
      size="form"
    >
      <form onSubmit={submit} className="mt-4 space-y-3" noValidate>
        <Fields
          fieldErrors={state.fieldErrors}
          rows={[
            { name: 'name', label: 'Name', value: member?.name },
            { name: 'role', label: 'Role title', value: member?.role },
            { name: 'discordUsername', label: 'Discord username', value: member?.discordUsername },
            { name: 'specialty', label: 'Specialties (comma-separated)', value: member?.specialty },
            { name: 'quote', label: 'Quote', value: member?.quote, multiline: true },
          ]}
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
              {kind === 'avatar' ? 'Avatar image' : 'Banner image'} (PNG, JPEG, WebP or GIF, under 5
              MB)
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
        <FormMessage message={state.message} />
        <DialogActions busy={state.busy} label="Save member" />
      </form>
    </DialogPanel>
  );
}

/** The team directory's members: who they are, where they appear, edit and remove. */
export default function ContentSection() {
  const team = useStaffQuery<TeamEditorData>(ENDPOINT);
  const invalidate = useInvalidateApi();
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
                    <DeleteButton
                      url={`${ENDPOINT}/members/${member.id}`}
                      question={`Remove ${member.name} from the team directory?`}
                      onDeleted={() => invalidate(ENDPOINT)}
                      errorClassName="ml-2 text-red-300"
                    >
                      Remove<span className="sr-only"> {member.name}</span>
                    </DeleteButton>
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
