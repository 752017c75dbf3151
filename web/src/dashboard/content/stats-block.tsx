import type { IconName } from '../../../../core/site/icons';
import { IconPicker } from '../forms/icon-picker';
import { rowFocus } from '../forms/row-list';
import { BlockListEditor } from './block-list-form';
import { Field } from './content-field';

// The studio's figures: the badges under the hero and the tiles under the services.

type Draft = { icon: IconName; value: string; label: string };

export function StatsEditor() {
  return (
    <BlockListEditor<'stats', Draft>
      blockKey="stats"
      intro="The figures under the hero (“500+ Happy Clients”) and under the services. Claim only what is true; with none, neither shows."
      spec={{
        title: 'Stats',
        noun: 'stat',
        max: 8,
        toDraft: (item) => ({ ...item }),
        fromDrafts: (drafts) => drafts.map(({ icon, value, label }) => ({ icon, value, label })),
        newDraft: () => ({ icon: 'star', value: '', label: '' }),
        firstField: 'value',
        renderRow: ({ row, update, errors, label }) => (
          <div className="grid gap-3 sm:grid-cols-3">
            <Field
              label={label('Value')}
              hint="e.g. 500+ or 24/7"
              value={row.value}
              onChange={(value) => update({ value })}
              error={errors.value}
              focusKey={rowFocus(row.key, 'value')}
            />
            <Field
              label={label('Label')}
              hint="e.g. Happy Clients"
              value={row.label}
              onChange={(label) => update({ label })}
              error={errors.label}
            />
            <IconPicker
              label={label('Icon')}
              value={row.icon}
              onChange={(icon) => update({ icon })}
              error={errors.icon}
            />
          </div>
        ),
      }}
    />
  );
}
