import * as Dialog from '@radix-ui/react-dialog';
import { type ReactNode, type Ref, useId } from 'react';
import type { FacetCount } from '../../../../core/shared/list-page';
import { buttonClass } from '../../components/ui/button';
import { DateRangeFilter, describeRange } from './date-range-filter';
import { FacetedFilter, facetValueLabel, type TableFacet } from './faceted-filter';
import { SearchBox } from './search-box';
import { isFiltered, resetFilters, type TableQuery, withFilters } from './table-query';

// The table's one toolbar: search, faceted filters, the date range, the page's own controls,
// the chips of what is chosen (each removable) and one Reset. On a phone the search keeps the
// first row with the filters folded into a sheet (a Radix dialog: focus trapped and returned,
// Escape closes); what the search looks in, the page's controls and the export go on a row
// below, since at 360 px anything more beside the search box cuts its placeholder.

export type ToolbarProps = {
  query: TableQuery;
  onChange: (query: TableQuery) => void;
  facets: TableFacet[];
  counts: Record<string, FacetCount[]> | undefined;
  /** The counts are estimates: shown as "about N". */
  estimate?: boolean;
  search: { label: string; placeholder?: string };
  /** The list's date column, e.g. 'Created'; no range filter without one. */
  dateLabel?: string;
  searchRef: Ref<HTMLInputElement>;
  phone: boolean;
  /** The View menu, at the toolbar's end (desktop: a phone's cards have no columns). */
  view?: ReactNode;
  /** An export of what is shown, at the toolbar's end. */
  exports?: ReactNode;
  /** The page's own controls beside the table's (Payouts' period), before the View menu. */
  controls?: ReactNode;
};

/** A phone's placeholder: a longer hint would be cut, so it is said under the box instead. */
const PHONE_PLACEHOLDER = 'Search…';

function FilterControls({
  query,
  onChange,
  facets,
  counts,
  estimate,
  dateLabel,
}: Pick<ToolbarProps, 'query' | 'onChange' | 'facets' | 'counts' | 'estimate' | 'dateLabel'>) {
  return (
    <>
      {facets.map((facet) => (
        <FacetedFilter
          key={facet.id}
          facet={facet}
          counts={counts?.[facet.id]}
          estimate={estimate}
          selected={query.facets[facet.id] ?? []}
          onChange={(values) =>
            onChange(withFilters(query, { facets: { ...query.facets, [facet.id]: values } }))
          }
        />
      ))}
      {dateLabel && (
        <DateRangeFilter
          label={dateLabel}
          from={query.from}
          to={query.to}
          onChange={(range) => onChange(withFilters(query, range))}
        />
      )}
    </>
  );
}

function FiltersSheet(
  props: Pick<ToolbarProps, 'query' | 'onChange' | 'facets' | 'counts' | 'estimate' | 'dateLabel'>,
) {
  const active =
    Object.values(props.query.facets).reduce((sum, values) => sum + values.length, 0) +
    (props.query.from || props.query.to ? 1 : 0);
  return (
    <Dialog.Root>
      <Dialog.Trigger className={buttonClass('secondary', 'sm')}>
        Filters
        {active > 0 && (
          <span className="rounded-full bg-lavender px-1.5 text-xs text-ink">{active}</span>
        )}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/70" />
        <Dialog.Content className="fixed inset-x-0 bottom-0 z-50 max-h-[85vh] overflow-y-auto rounded-t-2xl border border-line bg-panel p-4 shadow-2xl">
          <div className="flex items-center justify-between">
            <Dialog.Title className="text-lg font-bold">Filters</Dialog.Title>
            <Dialog.Close className={buttonClass('ghost', 'sm')}>Done</Dialog.Close>
          </div>
          <Dialog.Description className="text-sm text-muted">
            Each filter applies at once.
          </Dialog.Description>
          <div className="mt-4 flex flex-wrap gap-2">
            <FilterControls {...props} />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Each chosen value and the range as a chip that removes it, and Reset for all. */
function FilterChips({
  query,
  onChange,
  facets,
  counts,
  dateLabel,
}: Pick<ToolbarProps, 'query' | 'onChange' | 'facets' | 'counts' | 'dateLabel'>) {
  if (!isFiltered(query)) return null;
  const chip = (key: string, text: string, remove: () => void) => (
    <li key={key}>
      <button
        type="button"
        aria-label={`Remove ${text}`}
        onClick={remove}
        className="inline-flex items-center gap-1 rounded-full border border-lavender/50 px-2 py-0.5 text-xs text-lavender hover:bg-lavender/10"
      >
        {text}
        <span aria-hidden="true">×</span>
      </button>
    </li>
  );
  const range = describeRange(query.from, query.to);
  return (
    <ul aria-label="Filters applied" className="flex flex-wrap items-center gap-2">
      {facets.flatMap((facet) =>
        (query.facets[facet.id] ?? []).map((value) =>
          chip(
            `${facet.id}:${value}`,
            `${facet.label}: ${facetValueLabel(facet, value, counts?.[facet.id])}`,
            () =>
              onChange(
                withFilters(query, {
                  facets: {
                    ...query.facets,
                    [facet.id]: (query.facets[facet.id] ?? []).filter((v) => v !== value),
                  },
                }),
              ),
          ),
        ),
      )}
      {range &&
        chip('range', `${dateLabel ?? 'Dates'}: ${range}`, () =>
          onChange(withFilters(query, { from: undefined, to: undefined })),
        )}
      <li>
        <button
          type="button"
          onClick={() => onChange(resetFilters(query))}
          className={buttonClass('ghost', 'sm')}
        >
          Reset
        </button>
      </li>
    </ul>
  );
}

export function TableToolbar(props: ToolbarProps) {
  const { query, onChange, search, searchRef, phone, view, exports, controls } = props;
  const hintId = useId();
  const hint = phone && search.placeholder;
  const searchBox = (
    <SearchBox
      value={query.q}
      onSearch={(q) => onChange(withFilters(query, { q }))}
      label={search.label}
      placeholder={phone ? PHONE_PLACEHOLDER : (search.placeholder ?? `${search.label}…`)}
      describedBy={hint ? hintId : undefined}
      inputRef={searchRef}
    />
  );
  if (phone) {
    return (
      <div className="space-y-2">
        <div className="flex items-center gap-2">
          {searchBox}
          {(props.facets.length > 0 || props.dateLabel) && <FiltersSheet {...props} />}
        </div>
        {(hint || controls || exports) && (
          <div className="flex flex-wrap items-center gap-2">
            {hint && (
              <p id={hintId} className="min-w-0 flex-1 text-xs text-muted">
                {hint}
              </p>
            )}
            <div className="ml-auto flex items-center gap-2">
              {controls}
              {exports}
            </div>
          </div>
        )}
        <FilterChips {...props} />
      </div>
    );
  }
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        {searchBox}
        <FilterControls {...props} />
        <div className="ml-auto flex items-center gap-2">
          {controls}
          {view}
          {exports}
        </div>
      </div>
      <FilterChips {...props} />
    </div>
  );
}
