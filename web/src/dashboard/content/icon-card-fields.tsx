import { IconPicker } from '../forms/icon-picker';
import { rowFocus } from '../forms/row-list';
import type { RowProps } from '../forms/rows-form';
import { Field } from './content-field';

type IconCard = { icon: string; title: string; description: string };

/**
 * The fields of a card with an icon, a title and a description (the home page's services, a
 * portfolio's expertise), for a two-column row grid: title and icon side by side, the
 * description across both.
 */
export function IconCardFields<Draft extends IconCard>({
  row,
  update,
  errors,
  label,
}: RowProps<Draft>) {
  return (
    <>
      <Field
        label={label('Title')}
        value={row.title}
        onChange={(title) => update({ title } as Partial<Draft>)}
        error={errors.title}
        focusKey={rowFocus(row.key, 'title')}
      />
      <IconPicker
        label={label('Icon')}
        value={row.icon}
        onChange={(icon) => update({ icon } as Partial<Draft>)}
        error={errors.icon}
      />
      <div className="sm:col-span-2">
        <Field
          label={label('Description')}
          rows={2}
          value={row.description}
          onChange={(description) => update({ description } as Partial<Draft>)}
          error={errors.description}
        />
      </div>
    </>
  );
}
