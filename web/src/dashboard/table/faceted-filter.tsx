import * as Popover from '@radix-ui/react-popover';
import { Command } from 'cmdk';
import type { FacetCount } from '../../../../core/shared/list-page';
import { buttonClass } from '../../components/ui/button';
import { formatNumber } from '../display/format';

// A faceted filter as the anchors have it (shadcn's tasks table, Linear): a button naming the
// facet and what is chosen, opening a popover (Radix: focus moves in, Escape and a click away
// close it, focus returns) with a searchable list (cmdk: arrows, type to narrow, Enter to
// tick). Several values may be ticked; each shows how many rows it would add (the server's
// counts, core/shared/list-page.ts).

export type FacetOption = { value: string; label: string };

/** One facet of a list: its query parameter, its name and the values it knows by name. */
export type TableFacet = {
  /** The query parameter, e.g. 'status'. */
  id: string;
  label: string;
  /** Known values in their order, with their labels; others come from the server's counts. */
  options?: FacetOption[];
};

/**
 * The facet's values in order: the known ones, then any the server counted or the URL named,
 * by the server's label (a designer's name) when it gave one, else by the value itself.
 */
export function facetEntries(
  facet: TableFacet,
  counts: FacetCount[] | undefined,
  selected: string[],
): (FacetOption & { count: number | undefined })[] {
  const countOf = new Map((counts ?? []).map(({ value, count }) => [value, count]));
  const options = [...(facet.options ?? [])];
  const known = new Set(options.map((option) => option.value));
  for (const value of [...countOf.keys(), ...selected]) {
    if (!known.has(value)) {
      known.add(value);
      options.push({ value, label: facetValueLabel(facet, value, counts) });
    }
  }
  return options.map((option) => ({
    ...option,
    // Before the first answer the counts are unknown; after it a value not counted has none.
    count: counts ? (countOf.get(option.value) ?? 0) : undefined,
  }));
}

/** A value's name: the page's label, else the server's (core/shared/list-page.ts), else itself. */
export function facetValueLabel(
  facet: TableFacet,
  value: string,
  counts?: FacetCount[] | undefined,
): string {
  return (
    facet.options?.find((option) => option.value === value)?.label ??
    counts?.find((count) => count.value === value)?.label ??
    value
  );
}

/** The anchors' "add a filter" mark, drawn: a text "+" would join the button's name. */
export function PlusIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4 fill-none stroke-current">
      <circle cx="8" cy="8" r="6.5" />
      <path d="M8 5v6M5 8h6" />
    </svg>
  );
}

const CHIP = 'rounded-full bg-lavender/20 px-2 py-0.5 text-xs font-semibold text-lavender';

export function FacetedFilter({
  facet,
  counts,
  selected,
  onChange,
  estimate = false,
}: {
  facet: TableFacet;
  counts: FacetCount[] | undefined;
  selected: string[];
  onChange: (values: string[]) => void;
  /** The counts are estimates (core/shared/list-page.ts `facetsAreEstimates`): "about 1,200". */
  estimate?: boolean;
}) {
  const entries = facetEntries(facet, counts, selected);
  const chosen = new Set(selected);
  const toggle = (value: string) =>
    onChange(chosen.has(value) ? selected.filter((v) => v !== value) : [...selected, value]);
  return (
    <Popover.Root>
      {/* Named by its hidden text, "Filter by Status: Paid, Logged": no aria-label over it. */}
      <Popover.Trigger className={`${buttonClass('secondary', 'sm')} border-dashed`}>
        <span className="sr-only">
          {`Filter by ${facet.label}`}
          {selected.length > 0 &&
            `: ${selected.map((value) => facetValueLabel(facet, value, counts)).join(', ')}`}
        </span>
        <PlusIcon />
        <span aria-hidden="true">{facet.label}</span>
        {selected.length > 2 ? (
          <span aria-hidden="true" className={CHIP}>
            {selected.length} selected
          </span>
        ) : (
          selected.map((value) => (
            <span key={value} aria-hidden="true" className={CHIP}>
              {facetValueLabel(facet, value, counts)}
            </span>
          ))
        )}
      </Popover.Trigger>
      <Popover.Content
        align="start"
        sideOffset={4}
        aria-label={`${facet.label} filter`}
        className="z-50 w-64 rounded-lg border border-line bg-ink p-1 shadow-xl"
      >
        <Command label={facet.label} className="text-sm">
          <Command.Input
            placeholder={facet.label}
            aria-label={`Find a ${facet.label.toLowerCase()}`}
            className="w-full rounded-md border border-line bg-panel px-2 py-1.5 outline-none focus-visible:border-lavender"
          />
          <Command.List className="mt-1 max-h-72 overflow-y-auto">
            <Command.Empty className="px-2 py-3 text-muted">No such value.</Command.Empty>
            {entries.map((entry) => (
              <Command.Item
                key={entry.value}
                value={`${entry.label} ${entry.value}`}
                onSelect={() => toggle(entry.value)}
                aria-checked={chosen.has(entry.value)}
                className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 data-[selected=true]:bg-white/10"
              >
                <span
                  aria-hidden="true"
                  className={`inline-flex size-4 items-center justify-center rounded border ${
                    chosen.has(entry.value) ? 'border-lavender bg-lavender text-ink' : 'border-line'
                  }`}
                >
                  {chosen.has(entry.value) ? '✓' : ''}
                </span>
                <span className="flex-1">{entry.label}</span>
                {entry.count !== undefined && (
                  <span className="font-mono text-xs text-muted">
                    {estimate && entry.count > 0 ? 'about ' : ''}
                    {formatNumber(entry.count)}
                  </span>
                )}
              </Command.Item>
            ))}
          </Command.List>
          {selected.length > 0 && (
            <button
              type="button"
              onClick={() => onChange([])}
              className="mt-1 w-full rounded-md border-t border-line px-2 py-1.5 text-center hover:bg-white/10"
            >
              Clear {facet.label.toLowerCase()}
            </button>
          )}
        </Command>
      </Popover.Content>
    </Popover.Root>
  );
}
