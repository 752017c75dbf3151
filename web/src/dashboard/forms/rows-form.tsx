import type { FormEvent, ReactNode } from 'react';
import type { FieldErrors } from '../../../../core/shared/field-errors';
import { buttonClass } from '../../components/ui/button';
import { FormMessage } from '../content/content-field';
import { rowErrors } from './field-paths';
import { ADD_FOCUS, type Keyed, RowControls, useRowList } from './row-list';
import { SaveState } from './save-state';
import { useUnsavedChanges } from './unsaved-changes';

// A list edited as a form of rows and saved whole (the site's services, pricing, stats and
// promos; a portfolio's skills, expertise and testimonials): each row its typed fields, rows
// added, removed and reordered with buttons (row-list.tsx), the list checked by its core schema
// before it is sent. Errors show beside their fields ("2.title" is the third row's title); a
// problem with the whole list ("keep at least one") above the buttons.

export type RowProps<Draft> = {
  row: Keyed<Draft>;
  index: number;
  update: (change: Partial<Draft>) => void;
  /** This row's errors by field ("title", "features.2"). */
  errors: FieldErrors;
  /** A field's label that names the row for screen readers ("Plan 2 Title"). */
  label: (text: string) => ReactNode;
};

/** How the form's list goes to the server (a useCheckedSave and its mutation's state). */
type RowsSaver<Item> = {
  problems: { message?: string; fieldErrors: FieldErrors };
  submit: (value: unknown, onSaved?: (stored: Item[]) => void) => void;
  clear: () => void;
  pending: boolean;
  saved: boolean;
  /** The last save was refused or failed. */
  failed?: boolean;
  /** Whether the list is stored (else the site shows its built-in default). */
  stored?: boolean;
};

export type RowsSpec<Item, Draft extends object> = {
  /** The form's name, e.g. "Pricing" ("Save pricing"). */
  title: string;
  /** One row, in words: "plan" → "Add plan", "move plan 2 up". */
  noun: string;
  max: number;
  toDraft: (item: Item) => Draft;
  /** The rows as the schema checks them (numbers parsed, empty optional fields left out). */
  fromDrafts: (drafts: readonly Draft[]) => unknown[];
  newDraft: () => Draft;
  /** The field a new row's focus goes to (its Field's `focusKey`). */
  firstField: string;
  renderRow: (props: RowProps<Draft>) => ReactNode;
};

export function RowsForm<Item, Draft extends object>({
  spec,
  saved,
  saver,
  savedMessage,
  actions,
  conflict,
  headingLevel = 3,
}: {
  spec: RowsSpec<Item, Draft>;
  /** The list as stored. */
  saved: readonly Item[];
  saver: RowsSaver<Item>;
  savedMessage: string;
  /** More buttons after Save (e.g. reset to default), given a way to show another list. */
  actions?: (show: (items: readonly Item[]) => void) => ReactNode;
  /**
   * What to offer after a save was refused because someone saved meanwhile, given a way to
   * show another list and to send the form's rows again.
   */
  conflict?: (show: (items: readonly Item[]) => void, resend: () => void) => ReactNode;
  headingLevel?: 3 | 4;
}) {
  const list = useRowList(() => saved.map(spec.toDraft));
  const { noun } = spec;
  const capitalized = noun.charAt(0).toUpperCase() + noun.slice(1);
  const values = () => spec.fromDrafts(list.rows);
  // Compared as the form would send them, so key order and defaults cannot make it "changed".
  const dirty =
    JSON.stringify(values()) !== JSON.stringify(spec.fromDrafts(saved.map(spec.toDraft)));
  const { problems } = saver;
  const show = (items: readonly Item[]) => list.replace(items.map(spec.toDraft));
  const structural = (run: () => void) => {
    // Errors are by row number: once rows move, they no longer point at the right fields.
    saver.clear();
    run();
  };
  const RowHeading = headingLevel === 3 ? 'h3' : 'h4';
  useUnsavedChanges(spec.title, dirty);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    saver.submit(values(), show);
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={spec.title}
      className="space-y-3"
      ref={list.container}
    >
      {list.rows.length === 0 && <p className="text-sm text-muted">No {noun}s yet.</p>}
      <ol className="space-y-3">
        {list.rows.map((row, index) => (
          <li key={row.key} className="rounded-lg border border-line bg-panel/40 p-3">
            <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
              <RowHeading className="text-sm font-semibold text-muted capitalize">
                {noun} {index + 1}
              </RowHeading>
              <RowControls
                noun={noun}
                rowKey={row.key}
                index={index}
                count={list.rows.length}
                onMove={(at, by) => structural(() => list.move(at, by))}
                onRemove={(key) => structural(() => list.remove(key))}
              />
            </div>
            {spec.renderRow({
              row,
              index,
              update: (change) => list.update(row.key, change),
              errors: rowErrors(problems.fieldErrors, index),
              label: (text) => (
                <>
                  <span className="sr-only">
                    {capitalized} {index + 1}{' '}
                  </span>
                  {text}
                </>
              ),
            })}
          </li>
        ))}
      </ol>
      <FormMessage
        message={
          problems.message && [problems.message, problems.fieldErrors._].filter(Boolean).join(' ')
        }
      />
      {conflict?.(show, () => saver.submit(values(), show))}
      {saver.saved && !dirty && (
        <p role="status" className="text-sm text-muted">
          {savedMessage}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          data-focus={ADD_FOCUS}
          disabled={list.rows.length >= spec.max}
          onClick={() => structural(() => list.add(spec.newDraft(), spec.firstField))}
          className={buttonClass('secondary', 'sm')}
        >
          Add {noun}
        </button>
        <button type="submit" disabled={saver.pending} className={buttonClass('primary', 'sm')}>
          {saver.pending ? 'Saving…' : `Save ${spec.title.toLowerCase()}`}
        </button>
        {dirty && (
          <button
            type="button"
            onClick={() => structural(() => show(saved))}
            className={buttonClass('ghost', 'sm')}
          >
            Undo changes
          </button>
        )}
        {actions?.(show)}
        <SaveState
          pending={saver.pending}
          failed={saver.failed ?? false}
          dirty={dirty}
          stored={saver.stored ?? true}
        />
      </div>
    </form>
  );
}
