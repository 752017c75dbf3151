import { type FormEvent, useState } from 'react';
import {
  type EditableTeamMember,
  type TeamCategory,
  TeamMemberEditSchema,
} from '../../../../core/team/schema';
import { ConfirmDialog } from '../confirm-dialog';
import { DialogActions, DialogPanel } from '../dialog-panel';
import { useCheckedSave } from '../forms/checked-save';
import { SendFailed, useStaffMutation } from '../query';
import { Fields, FormMessage } from './content-field';
import { useFormDialog } from './form-dialog';
import { TEAM_ENDPOINT, TEAM_WRITES_INVALIDATE } from './team-api';

// The team directory's members: who they are, where they appear on the home page (a member
// shows in each category they are in, and nowhere without one), edit and remove.

type ImageKind = 'avatar' | 'banner';

/** Where a member with these categories appears on the site, in words. */
function whereShown(categoryIds: readonly string[], categories: TeamCategory[]): string {
  const names = categoryIds.flatMap((id) => categories.find((c) => c.id === id)?.name ?? []);
  if (names.length === 0) {
    return 'Not shown on the site until given a category.';
  }
  return `Shown on the home page under ${names.join(', ')}, at the end of each.`;
}

function MemberDialog({
  member,
  categories,
}: {
  member?: EditableTeamMember;
  categories: TeamCategory[];
}) {
  // Once a new member is saved, a second try (an image was refused) edits them: never twice.
  const [savedId, setSavedId] = useState(member?.id);
  const save = useStaffMutation<unknown, EditableTeamMember>(
    (body) =>
      savedId === undefined
        ? { method: 'POST', url: `${TEAM_ENDPOINT}/members`, body }
        : { method: 'PUT', url: `${TEAM_ENDPOINT}/members/${savedId}`, body },
    TEAM_WRITES_INVALIDATE,
  );
  const upload = useStaffMutation<{ id: number; kind: ImageKind; file: File }>(
    ({ id, kind, file }) => {
      const body = new FormData();
      body.append('image', file);
      return { method: 'POST', url: `${TEAM_ENDPOINT}/members/${id}/${kind}`, body };
    },
    TEAM_WRITES_INVALIDATE,
  );
  const checked = useCheckedSave(TeamMemberEditSchema, save);
  const [chosen, setChosen] = useState<string[]>(member?.categoryIds ?? []);
  const [uploadProblem, setUploadProblem] = useState<{ kind: ImageKind; message: string } | null>(
    null,
  );
  const dialog = useFormDialog(() => {
    checked.clear();
    upload.reset();
    setUploadProblem(null);
    setSavedId(member?.id);
  });
  const { fieldErrors, message } = checked.problems;
  const title = member ? `Edit ${member.name}` : 'Add a member';
  const hintId = `member-${member?.id ?? 'new'}-where`;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (key: string) => String(form.get(key) ?? '');
    setUploadProblem(null);
    const body = {
      name: text('name'),
      role: text('role'),
      specialty: text('specialty'),
      discordUsername: text('discordUsername'),
      quote: text('quote'),
      categoryIds: chosen,
    };
    checked.submit(body, async (saved) => {
      setSavedId(saved.id);
      // The images go up once the member exists; a refused one is named beside its field.
      for (const kind of ['avatar', 'banner'] as const) {
        const file = form.get(kind);
        if (!(file instanceof File) || file.size === 0) continue;
        try {
          await upload.mutateAsync({ id: saved.id, kind, file });
        } catch (failure) {
          const problem = failure instanceof SendFailed ? failure.message : 'The upload failed.';
          setUploadProblem({ kind, message: problem });
          return;
        }
      }
      dialog.close();
    });
  }

  return (
    <DialogPanel
      open={dialog.open}
      onOpenChange={(next) => {
        dialog.onOpenChange(next);
        if (next) setChosen(member?.categoryIds ?? []);
      }}
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
          fieldErrors={fieldErrors}
          rows={[
            { name: 'name', label: 'Name', value: member?.name },
            { name: 'role', label: 'Role title', value: member?.role },
            { name: 'discordUsername', label: 'Discord username', value: member?.discordUsername },
            { name: 'specialty', label: 'Specialties (comma-separated)', value: member?.specialty },
            { name: 'quote', label: 'Quote', value: member?.quote, rows: 3 },
          ]}
        />
        <fieldset aria-describedby={hintId}>
          <legend className="text-sm font-medium">Categories</legend>
          {categories.length === 0 ? (
            <p className="mt-1 text-sm text-muted">
              No categories yet: add one under Categories first.
            </p>
          ) : (
            <div className="mt-1 flex flex-wrap gap-3">
              {categories.map((category) => (
                <label key={category.id} className="flex items-center gap-1 text-sm">
                  <input
                    type="checkbox"
                    checked={chosen.includes(category.id)}
                    onChange={(event) =>
                      setChosen((current) =>
                        event.target.checked
                          ? [...current, category.id]
                          : current.filter((id) => id !== category.id),
                      )
                    }
                  />
                  {category.name}
                </label>
              ))}
            </div>
          )}
          <p
            id={hintId}
            className={`mt-1 text-sm ${chosen.length === 0 ? 'text-amber-200' : 'text-muted'}`}
          >
            {whereShown(chosen, categories)}
          </p>
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
            {uploadProblem?.kind === kind && (
              <p className="mt-1 text-sm text-red-300">{uploadProblem.message}</p>
            )}
          </div>
        ))}
        <FormMessage
          message={
            uploadProblem
              ? `The member was saved, but the ${uploadProblem.kind} was not: ${uploadProblem.message}`
              : message
          }
        />
        <DialogActions busy={save.isPending || upload.isPending} label="Save member" />
      </form>
    </DialogPanel>
  );
}

export function MembersEditor({
  categories,
  members,
}: {
  categories: TeamCategory[];
  members: EditableTeamMember[];
}) {
  return (
    <section aria-labelledby="members-title" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="members-title" className="text-xl font-bold">
          Members
        </h2>
        <MemberDialog categories={categories} />
      </div>
      {members.length === 0 ? (
        <p className="rounded-lg border border-dashed border-line p-4 text-sm">
          No members yet: until someone is in a category, the home page says the team page is coming
          soon.
        </p>
      ) : (
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
                <th scope="col">Shown under</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {members.map((member) => (
                <MemberRow key={member.id} member={member} categories={categories} />
              ))}
            </tbody>
          </table>
        </section>
      )}
    </section>
  );
}

function MemberRow({
  member,
  categories,
}: {
  member: EditableTeamMember;
  categories: TeamCategory[];
}) {
  const remove = useStaffMutation(
    () => ({ method: 'DELETE', url: `${TEAM_ENDPOINT}/members/${member.id}` }),
    TEAM_WRITES_INVALIDATE,
  );
  const names = member.categoryIds.flatMap(
    (id) => categories.find((category) => category.id === id)?.name ?? [],
  );
  return (
    <tr className="border-t border-line">
      <td className="py-2">
        <img src={member.pfpUrl} alt="" width={32} height={32} className="rounded-full" />
      </td>
      <td>
        {member.name}
        <span className="block text-muted">@{member.discordUsername}</span>
      </td>
      <td>{member.role}</td>
      <td>
        {names.length > 0 ? (
          names.join(', ')
        ) : (
          <span className="text-amber-200">Not shown (no category)</span>
        )}
      </td>
      <td className="space-x-2 whitespace-nowrap">
        <MemberDialog member={member} categories={categories} />
        <ConfirmDialog
          trigger={
            <>
              Remove<span className="sr-only"> {member.name}</span>
            </>
          }
          title={`Remove ${member.name} from the team directory?`}
          description="They leave every category on the home page at once. Their portfolio, if they have one, stays."
          confirmLabel="Remove member"
          run={() => remove.mutateAsync()}
        />
      </td>
    </tr>
  );
}
