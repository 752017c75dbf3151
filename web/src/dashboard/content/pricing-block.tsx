import { lineListError } from '../forms/field-paths';
import { rowFocus } from '../forms/row-list';
import { Switch } from '../forms/switch';
import { BlockListEditor } from './block-list-form';
import { Field } from './content-field';

// The home page's pricing plans: title, price in Robux, features (one per line), and the
// "Most Popular" badge.

type Draft = { title: string; price: string; features: string; popular: boolean };

const featureLines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

export function PricingEditor() {
  return (
    <BlockListEditor<'pricing', Draft>
      blockKey="pricing"
      intro="The plans of the home page's Pricing Plans section, in this order, each with its Get Started button."
      spec={{
        title: 'Pricing',
        noun: 'plan',
        max: 6,
        toDraft: (plan) => ({
          title: plan.title,
          price: String(plan.price),
          features: plan.features.join('\n'),
          popular: plan.popular,
        }),
        fromDrafts: (drafts) =>
          drafts.map((draft) => ({
            title: draft.title,
            // An empty or partial number is NaN: the schema names the field.
            price: draft.price.trim() === '' ? Number.NaN : Number(draft.price),
            features: featureLines(draft.features),
            popular: draft.popular,
          })),
        newDraft: () => ({ title: '', price: '', features: '', popular: false }),
        firstField: 'title',
        renderRow: ({ row, update, errors, label }) => (
          <div className="grid gap-3 sm:grid-cols-2">
            <Field
              label={label('Title')}
              value={row.title}
              onChange={(title) => update({ title })}
              error={errors.title}
              focusKey={rowFocus(row.key, 'title')}
            />
            <Field
              label={label('Price (R$)')}
              type="number"
              min={0}
              value={row.price}
              onChange={(price) => update({ price })}
              error={errors.price}
            />
            <div className="sm:col-span-2">
              <Field
                label={label('Features')}
                hint="One per line, shown with a check mark."
                rows={Math.min(12, Math.max(4, row.features.split('\n').length + 1))}
                value={row.features}
                onChange={(features) => update({ features })}
                error={lineListError(errors, 'features')}
              />
            </div>
            <Switch
              label={label('Most popular')}
              hint="Highlights the plan with a “Most Popular” badge."
              checked={row.popular}
              onChange={(popular) => update({ popular })}
            />
          </div>
        ),
      }}
    />
  );
}
