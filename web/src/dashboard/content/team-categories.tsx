import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { IconName } from '../../../../core/site/icons';
import {
  type EditableTeamMember,
  type TeamCategory,
  TeamCategoryInputSchema,
} from '../../../../core/team/schema';
import { Icon } from '../../components/icon';
import { buttonClass } from '../../components/ui/button';
import { ConfirmDialog } from '../confirm-dialog';
import { DialogActions, DialogPanel } from '../dialog-panel';
import { useCheckedSave } from '../forms/checked-save';
import { IconPicker } from '../forms/icon-picker';
import { useStaffMutation } from '../query';
import { Field, FormMessage } from './content-field';
import { useFormDialog } from './form-dialog';
import { TEAM_ENDPOINT, TEAM_WRITES_INVALIDATE } from './team-api';

// The team directory's categories (the tabs of the home page's Meet Our Team): add, rename,
// reorder and delete. A reorder is saved at once; deleting a category with members first says
// what becomes of them. A change another executive made meanwhile comes back as a 409 in words,
// and the list shows what is stored now.

const CATEGORIES = `${TEAM_ENDPOINT}/categories`;

export function CategoriesEditor({
  categories,
  members,
}: {
  categories: TeamCategory[];
  members: EditableTeamMember[];
}) {
  const reorder = useStaffMutation<string[]>(
    (ids) => ({ method: 'PUT', url: `${CATEGORIES}/order`, body: { ids } }),
    TEAM_WRITES_INVALIDATE,
  );
  // Moving a row moves its buttons: focus follows the button pressed (or its other arrow at an end).
  const [focusTarget, setFocusTarget] = useState<string | null>(null);
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (!focusTarget) return;
    list.current?.querySelector<HTMLElement>(`[data-focus="${focusTarget}"]`)?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

  function move(index: number, by: -1 | 1) {
    const ids = categories.map((category) => category.id);
    const [id] = ids.splice(index, 1);
    const target = index + by;
    if (!id || target < 0 || target > ids.length) return;
    ids.splice(target, 0, id);
    const atEdge = target === 0 || target === ids.length - 1;
    const direction = atEdge ? (by === -1 ? 'down' : 'up') : by === -1 ? 'up' : 'down';
    reorder.mutate(ids, { onSuccess: () => setFocusTarget(`${id}-${direction}`) });
  }

  return (
    <section aria-labelledby="categories-title" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="categories-title" className="text-xl font-bold">
          Categories
        </h2>
        <CategoryDialog />
      </div>
      <p className="text-sm text-muted">
        The tabs of the home page's team directory, in this order. Only categories with members are
        shown to visitors.
      </p>
      {categories.length === 0 && (
        <p className="rounded-lg border border-dashed border-line p-4 text-sm">
          No categories yet: the home page says the team page is coming soon until a category has a
          member. Add one (e.g. Graphics), then give members their categories.
        </p>
      )}
      <ol ref={list} className="space-y-2">
        {categories.map((category, index) => {
          const inIt = members.filter((member) => member.categoryIds.includes(category.id));
          return (
            <li
              key={category.id}
              className="flex flex-wrap items-center gap-2 rounded-lg border border-line p-2"
            >
              <Icon name={category.icon} className="size-5 text-lavender" />
              <span className="font-medium">{category.name}</span>
              <span className="text-sm text-muted">
                {inIt.length} member{inIt.length === 1 ? '' : 's'}
              </span>
              <span className="ml-auto flex flex-wrap gap-1">
                <button
                  type="button"
                  data-focus={`${category.id}-up`}
                  disabled={index === 0 || reorder.isPending}
                  onClick={() => move(index, -1)}
                  className={buttonClass('ghost', 'sm')}
                >
                  Up<span className="sr-only">: move {category.name} up</span>
                </button>
                <button
                  type="button"
                  data-focus={`${category.id}-down`}
                  disabled={index === categories.length - 1 || reorder.isPending}
                  onClick={() => move(index, 1)}
                  className={buttonClass('ghost', 'sm')}
                >
                  Down<span className="sr-only">: move {category.name} down</span>
                </button>
                <CategoryDialog category={category} />
                <DeleteCategory category={category} members={members} />
              </span>
            </li>
          );
        })}
      </ol>
      {reorder.error && (
        <p role="alert" className="text-sm text-red-300">
          {reorder.error.message}
        </p>
      )}
    </section>
  );
}

/** Adds a category, or renames (and re-icons) `category`. */
function CategoryDialog({ category }: { category?: TeamCategory }) {
  const save = useStaffMutation<unknown>(
    (body) =>
      category
        ? { method: 'PATCH', url: `${CATEGORIES}/${category.id}`, body }
        : { method: 'POST', url: CATEGORIES, body },
    TEAM_WRITES_INVALIDATE,
  );
  const checked = useCheckedSave(TeamCategoryInputSchema, save);
  const [icon, setIcon] = useState<IconName>(category?.icon ?? 'palette');
  const dialog = useFormDialog(checked.clear);
  const { fieldErrors, message } = checked.problems;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get('name') ?? '');
    // A name another category has is the server's 409, shown here in its words.
    checked.submit({ name, icon }, () => dialog.close());
  }

  return (
    <DialogPanel
      open={dialog.open}
      onOpenChange={(next) => {
        dialog.onOpenChange(next);
        if (next) setIcon(category?.icon ?? 'palette');
      }}
      trigger={
        category ? (
          <>
            Rename<span className="sr-only"> {category.name}</span>
          </>
        ) : (
          'Add category'
        )
      }
      triggerVariant={category ? 'ghost' : 'secondary'}
      title={category ? `Rename ${category.name}` : 'Add a category'}
      description={
        category
          ? 'The tab on the home page shows the new name at once; its members stay in it.'
          : 'It comes last in the order; it shows on the home page once it has a member.'
      }
      size="confirm"
    >
      <form onSubmit={submit} className="mt-4 space-y-3" noValidate>
        <Field
          name="name"
          label="Name"
          defaultValue={category?.name ?? ''}
          error={fieldErrors.name}
        />
        <IconPicker label="Icon" value={icon} onChange={setIcon} error={fieldErrors.icon} />
        <FormMessage message={message} />
        <DialogActions busy={save.isPending} label={category ? 'Save name' : 'Add category'} />
      </form>
    </DialogPanel>
  );
}

/** Deleting says what becomes of the members: who stays in other categories, who leaves the site. */
function DeleteCategory({
  category,
  members,
}: {
  category: TeamCategory;
  members: EditableTeamMember[];
}) {
  const remove = useStaffMutation(
    () => ({ method: 'DELETE', url: `${CATEGORIES}/${category.id}` }),
    TEAM_WRITES_INVALIDATE,
  );
  const inIt = members.filter((member) => member.categoryIds.includes(category.id));
  const leaving = inIt.filter((member) => member.categoryIds.length === 1);
  const staying = inIt.length - leaving.length;
  const description =
    inIt.length === 0
      ? 'No one is in it. The tab leaves the home page.'
      : [
          `Its ${inIt.length} member${inIt.length === 1 ? ' is' : 's are'} not deleted.`,
          staying > 0 &&
            `${staying} stay${staying === 1 ? 's' : ''} in ${staying === 1 ? 'another category' : 'their other categories'}.`,
          leaving.length > 0 &&
            `${leaving.length} ${leaving.length === 1 ? 'is' : 'are'} in no other category and will not be shown on the site until you give ${leaving.length === 1 ? 'them one' : 'each one'}.`,
        ]
          .filter(Boolean)
          .join(' ');
  return (
    <ConfirmDialog
      trigger={
        <>
          Delete<span className="sr-only"> {category.name}</span>
        </>
      }
      title={`Delete the category ${category.name}?`}
      description={description}
      confirmLabel="Delete category"
      busyLabel="Deleting…"
      run={() => remove.mutateAsync()}
    >
      {leaving.length > 0 && (
        <div className="mt-3 text-sm">
          <p className="font-medium">Not shown on the site afterwards:</p>
          <ul className="mt-1 list-disc pl-5 text-muted">
            {leaving.map((member) => (
              <li key={member.id}>{member.name}</li>
            ))}
          </ul>
        </div>
      )}
    </ConfirmDialog>
  );
}
