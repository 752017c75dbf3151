import { utcDay } from '../../../../core/site/promos';
import { rowFocus } from '../forms/row-list';
import { BlockListEditor } from './block-list-form';
import { Field } from './content-field';

// The promotion banners of the home and portfolio pages, each shown from its first day through
// its last (UTC). Ids are kept for the promos that have one and made for new ones: they are
// keys, not something to type.

type Draft = {
  id: string;
  text: string;
  badge: string;
  buttonLabel: string;
  startsOn: string;
  endsOn: string;
};

const newId = () =>
  `promo-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6).toString(36)}`;

export function PromosEditor() {
  return (
    <BlockListEditor<'promos', Draft>
      blockKey="promos"
      intro="Banners above the home page's sections and on the portfolio pages, shown from their first day through their last (UTC). A promo with a button label offers it; the button opens your Discord invite."
      spec={{
        title: 'Promos',
        noun: 'promo',
        max: 10,
        toDraft: (promo) => ({
          id: promo.id,
          text: promo.text,
          badge: promo.badge ?? '',
          buttonLabel: promo.buttonLabel ?? '',
          startsOn: promo.startsOn,
          endsOn: promo.endsOn,
        }),
        fromDrafts: (drafts) =>
          drafts.map((draft) => ({
            id: draft.id,
            text: draft.text,
            ...(draft.badge.trim() && { badge: draft.badge }),
            ...(draft.buttonLabel.trim() && { buttonLabel: draft.buttonLabel }),
            startsOn: draft.startsOn,
            endsOn: draft.endsOn,
          })),
        newDraft: () => {
          const today = utcDay(new Date());
          return {
            id: newId(),
            text: '',
            badge: '',
            buttonLabel: '',
            startsOn: today,
            endsOn: today,
          };
        },
        firstField: 'text',
        renderRow: ({ row, update, errors, label }) => (
          <div className="grid gap-3 sm:grid-cols-2">
            <div className="sm:col-span-2">
              <Field
                label={label('Text')}
                value={row.text}
                onChange={(text) => update({ text })}
                error={errors.text}
                focusKey={rowFocus(row.key, 'text')}
              />
            </div>
            <Field
              label={label('Badge (optional)')}
              hint="A small word above the text, e.g. Limited Time."
              value={row.badge}
              onChange={(badge) => update({ badge })}
              error={errors.badge}
            />
            <Field
              label={label('Button label (optional)')}
              hint="e.g. Claim Offer. Empty: no button."
              value={row.buttonLabel}
              onChange={(buttonLabel) => update({ buttonLabel })}
              error={errors.buttonLabel}
            />
            <Field
              label={label('Starts on')}
              type="date"
              value={row.startsOn}
              onChange={(startsOn) => update({ startsOn })}
              error={errors.startsOn}
            />
            <Field
              label={label('Ends on')}
              type="date"
              value={row.endsOn}
              onChange={(endsOn) => update({ endsOn })}
              error={errors.endsOn}
            />
          </div>
        ),
      }}
    />
  );
}
