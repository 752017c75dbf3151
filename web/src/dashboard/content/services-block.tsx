import { slugifyTitle } from '../../../../core/blog/slug';
import type { IconName } from '../../../../core/site/icons';
import type { RowProps } from '../forms/rows-form';
import { BlockListEditor } from './block-list-form';
import { Field } from './content-field';
import { IconCardFields } from './icon-card-fields';

// The home page's service cards (and the nav's Services dropdown, which links to them).

type Draft = { id: string; icon: IconName; title: string; description: string };

/** A service without a link name gets one from its title, unique in the list. */
function withLinkNames(drafts: readonly Draft[]): Draft[] {
  const taken = new Set(drafts.map((draft) => draft.id.trim()).filter(Boolean));
  return drafts.map((draft) => {
    if (draft.id.trim()) return { ...draft, id: draft.id.trim() };
    const base = slugifyTitle(draft.title).slice(0, 36).replace(/-+$/, '') || 'service';
    let id = base;
    for (let n = 2; taken.has(id); n += 1) id = `${base}-${n}`;
    taken.add(id);
    return { ...draft, id };
  });
}

export function ServicesEditor() {
  return (
    <BlockListEditor<'services', Draft>
      blockKey="services"
      intro="The cards of the home page's Our Services section, in this order; the nav's Services menu links to each by its link name."
      spec={{
        title: 'Services',
        noun: 'service',
        max: 12,
        toDraft: (item) => ({ ...item }),
        fromDrafts: (drafts) =>
          withLinkNames(drafts).map(({ id, icon, title, description }) => ({
            id,
            icon,
            title,
            description,
          })),
        newDraft: () => ({ id: '', icon: 'sparkles', title: '', description: '' }),
        firstField: 'title',
        renderRow: (props) => (
          <div className="grid gap-3 sm:grid-cols-2">
            <IconCardFields {...props} />
            <LinkNameField {...props} />
          </div>
        ),
      }}
    />
  );
}

function LinkNameField({ row, update, errors, label }: RowProps<Draft>) {
  return (
    <Field
      label={label('Link name')}
      hint={
        row.id ? `The nav links to /#${row.id}.` : 'Left empty: made from the title when saved.'
      }
      value={row.id}
      onChange={(id) => update({ id })}
      error={errors.id}
    />
  );
}
